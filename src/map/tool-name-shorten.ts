/**
 * Shortening a tool name by dropping whole words, never by abbreviating them.
 *
 * A name is read as segments (split at `_`, `-`, `.`) made of words (split further at camelCase
 * boundaries: `getHTTPServer` → `get`, `HTTP`, `Server`; digits stay with the letters before them:
 * `v2`, `oauth2`). To fit a length, in this order, stopping as soon as the name fits:
 * 1. filler words (`for`, `of`, `the`, `in`, `by`, `or`, …) go, last first, except the first and last word;
 * 2. whole segments go from just after the head (the first two words, which usually say where and
 *    what: `actions_get`, `drives_drive`, `getUser`) until it fits, so the most specific end stays:
 *    `actions/list-selected-repositories-enabled-github-actions-organization`
 *    → `actions_list-repositories-enabled-github-actions-organization`;
 * 3. the same with single words, when head plus last segment is already too long; a run of words
 *    must end where a segment ends, or stay inside one segment after its first word, so no
 *    orphaned compound ends such as `mail_Folders` appear;
 * 4. the longest run of leading words that fits; a single word longer than the limit is cut.
 * For names that would clash, the alternatives in order are: steps 2 and 3 from later starting
 * points, and between them head + one middle segment + last segment (`identityGovernance_catalogs_…`).
 * Where a dropped run joined two words, the separator before the run stays (`a_b-c` − `b` → `a_c`).
 */

interface Token {
  /** Separator characters before the word (`''` at the start and at camelCase boundaries). */
  sep: string;
  word: string;
}

const FILLER_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Character kinds, as numbers: this loop runs over every long name. */
const UPPER = 0;
const LOWER = 1;
const DIGIT = 2;
const SEPARATOR = 3;

function kindAt(name: string, i: number): number {
  const c = name.charCodeAt(i);
  if (c >= 65 && c <= 90) return UPPER;
  if (c >= 97 && c <= 122) return LOWER;
  if (c >= 48 && c <= 57) return DIGIT;
  return SEPARATOR;
}

/** Splits a sanitized name into words, each with the separator before it. */
function tokenize(name: string): Token[] {
  const tokens: Token[] = [];
  let sepStart = 0;
  let wordStart = 0;
  let prev = SEPARATOR;
  for (let i = 0; i <= name.length; i++) {
    const kind = i === name.length ? SEPARATOR : kindAt(name, i);
    let boundary = false;
    if (kind === SEPARATOR) boundary = prev !== SEPARATOR;
    else if (kind === UPPER) {
      // camelCase (`getUser`, `v2Users`) or the end of an acronym (`HTTPServer`).
      boundary = prev === LOWER || prev === DIGIT || (prev === UPPER && i + 1 < name.length && kindAt(name, i + 1) === LOWER);
    }
    if (boundary) {
      tokens.push({ sep: tokens.length === 0 ? '' : name.slice(sepStart, wordStart), word: name.slice(wordStart, i) });
      sepStart = i;
    }
    if (kind !== SEPARATOR && (prev === SEPARATOR || boundary)) wordStart = i;
    prev = kind;
  }
  return tokens;
}

function join(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) out += t.sep + t.word;
  return out;
}

/** Removes tokens `from..to` (inclusive; never the first or last token). */
function dropRun(tokens: readonly Token[], from: number, to: number): Token[] {
  const after = tokens[to + 1] as Token;
  return [...tokens.slice(0, from), { sep: joinSeparator(tokens, from, to), word: after.word }, ...tokens.slice(to + 2)];
}

/** The separator left where tokens `from..to` were: the first one met (`a_b-c` − `b` → `a_c`). */
function joinSeparator(tokens: readonly Token[], from: number, to: number): string {
  for (let i = from; i <= to + 1; i++) {
    const sep = (tokens[i] as Token).sep;
    if (sep !== '') return sep;
  }
  return '';
}

/** Receives candidates in order; returns `true` to stop. Plain loops, no generators: fast cold. */
type Visit = (candidate: string) => boolean;

/**
 * For each place a run can start (after the head, in order), the shortest run of whole units
 * whose removal makes the name fit and that `allowed` accepts. `starts` are the token indexes
 * where units begin; the last unit always stays. Lengths are computed, not joined.
 */
function unitDrops(
  tokens: readonly Token[],
  total: number,
  starts: readonly number[],
  headTokens: number,
  maxLength: number,
  allowed: (from: number, to: number) => boolean,
  visit: Visit,
): boolean {
  const droppable = starts.filter((s) => s >= headTokens);
  for (let first = 0; first + 1 < droppable.length; first++) {
    const from = droppable[first] as number;
    let removed = 0;
    for (let end = first + 1; end < droppable.length; end++) {
      const to = (droppable[end] as number) - 1;
      for (let i = droppable[end - 1] as number; i <= to; i++) removed += (tokens[i] as Token).sep.length + (tokens[i] as Token).word.length;
      const after = tokens[to + 1] as Token;
      if (total - removed - after.sep.length + joinSeparator(tokens, from, to).length <= maxLength && allowed(from, to)) {
        if (visit(join(dropRun(tokens, from, to)))) return true;
        break;
      }
    }
  }
  return false;
}

/** Head, one of the middle segments (the last first), last segment: clean alternatives for clashes. */
function singleSegmentKept(tokens: readonly Token[], starts: readonly number[], headTokens: number, maxLength: number, visit: Visit): boolean {
  const middle = starts.filter((s) => s >= headTokens).slice(0, -1);
  const last = join(tokens.slice(starts[starts.length - 1] as number));
  const head = join(tokens.slice(0, middle[0] ?? headTokens));
  for (let m = middle.length - 1; m >= 0; m--) {
    const candidate = head + join(tokens.slice(middle[m] as number, m + 1 < middle.length ? middle[m + 1] : starts[starts.length - 1])) + last;
    if (candidate.length <= maxLength && visit(candidate)) return true;
  }
  return false;
}

function leadingWords(tokens: readonly Token[], maxLength: number): string {
  let out = '';
  for (const t of tokens) {
    const next = out === '' ? t.word : out + t.sep + t.word;
    if (next.length > maxLength) break;
    out = next;
  }
  return out !== '' ? out : (tokens[0]?.word ?? '').slice(0, maxLength);
}

/**
 * Calls `visit` with each way to shorten a sanitized name to at most `maxLength` characters, most
 * readable first (see the top of this file; a candidate may come twice), until it returns `true`.
 */
export function visitShortenings(name: string, maxLength: number, visit: Visit): void {
  if (name.length <= maxLength) {
    visit(name);
    return;
  }
  let tokens = tokenize(name);
  if (tokens.length === 0) {
    visit(name.slice(0, maxLength));
    return;
  }
  let length = name.length;
  for (let i = tokens.length - 2; i >= 1 && length > maxLength; i--) {
    const token = tokens[i] as Token;
    if (!FILLER_WORDS.has(token.word.toLowerCase())) continue;
    const after = tokens[i + 1] as Token;
    length += joinSeparator(tokens, i, i).length - token.sep.length - token.word.length - after.sep.length;
    tokens = dropRun(tokens, i, i);
  }
  if (length <= maxLength && visit(join(tokens))) return;

  // The first two words usually say where and what (`actions_get`, `drives_drive`, `getUser`).
  const kept = tokens;
  const headTokens = kept.length >= 4 ? 2 : 1;
  const startsSegment = (i: number): boolean => i === 0 || (kept[i] as Token).sep !== '';
  const segmentStarts = kept.flatMap((_, i) => (startsSegment(i) ? [i] : []));
  // Words: the run ends where a segment ends (`authenticationMethod|Configurations_…|_List…`),
  // or stays inside one segment and keeps its first word (`get|Some|Name`): no orphaned ends of
  // compounds such as `mail_Folders`.
  const cleanWordRun = (from: number, to: number): boolean => {
    if (startsSegment(to + 1)) return true;
    if (startsSegment(from)) return false;
    for (let i = from + 1; i <= to; i++) if (startsSegment(i)) return false;
    return true;
  };
  if (unitDrops(kept, length, segmentStarts, headTokens, maxLength, () => true, visit)) return;
  if (singleSegmentKept(kept, segmentStarts, headTokens, maxLength, visit)) return;
  const wordStarts = kept.map((_, i) => i);
  if (unitDrops(kept, length, wordStarts, headTokens, maxLength, cleanWordRun, visit)) return;
  visit(leadingWords(kept, maxLength));
}

/**
 * Ways to shorten a sanitized name (characters `A-Za-z0-9_.-`) to at most `maxLength`
 * characters, most readable first and each once (see the top of this file), at most `limit` of
 * them; just the name when it fits. Clashing names take the first candidate no other name has.
 */
export function toolNameShortenings(name: string, maxLength: number, limit = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  visitShortenings(name, maxLength, (candidate) => {
    if (!out.includes(candidate)) out.push(candidate);
    return out.length >= limit;
  });
  return out;
}

/** The most readable way to fit a sanitized name in `maxLength` characters. */
export function shortenToolName(name: string, maxLength: number): string {
  let first: string | undefined;
  visitShortenings(name, maxLength, (candidate) => {
    first = candidate;
    return true;
  });
  return first ?? name.slice(0, maxLength);
}
