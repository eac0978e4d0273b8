/**
 * Link removal for compact descriptions (see compact-input.ts): a Markdown link to an absolute
 * `http(s)` URL keeps its text and loses the URL, and a sentence that only points to documentation
 * ("For more information, see [A](https://…) and [B](https://…) in the X documentation.") goes as a
 * whole sentence. Cutting only the "see [link]" part left fragments a model reads as broken text
 * (GitHub: "… Enterprise Cloud. in the GitHub Help documentation.", "\nand \"Best practices …\"").
 *
 * A sentence is removed only when what remains of it with its links taken out is one of the
 * pointer shapes below; any other sentence keeps its words (links unlinked), so no information a
 * model could use is dropped. Deterministic: a left-to-right scan, no state between calls.
 */
import { TRUNCATION_MARKER } from './description.js';

/** The longest URL a link may have to be unlinked (browsers' practical limit). */
const MAX_URL = 2048;

/**
 * The URL part is bounded: unbounded, a text of unclosed links (`[a](http://x[a](http://x…`) made
 * each `[` scan to the text's end, quadratic (a 200 KB description: 7.6 s). Longer URLs stay links.
 */
const LINK_URL = String.raw`\(\s*<?https?:\/\/[^\s)>]{0,${MAX_URL}}>?(?:\s+"[^"\n]*")?\s*\)`;
const LINK = new RegExp(String.raw`\[([^\]\n]*)\]` + LINK_URL, 'g');
/** Any inline link at a position (absolute or not), to step over it while looking for the sentence end. */
const ANY_LINK_AT = /\[[^\]\n]*\]\([^()\s]*(?:\s+"[^"\n]*")?\s*\)/y;
const ABSOLUTE_LINK_AT = new RegExp(String.raw`\[[^\]\n]*\]` + LINK_URL, 'y');
/**
 * The words a pointer sentence starts with; {@link startsSentence} checks where they stand (a
 * pattern with that check as lookbehinds tried them at every character: GitHub's descriptions
 * took ~27 ms instead of ~4).
 */
const HEAD = /For (?:more |further |additional )?(?:information|details|info)\b|To (?:learn|find out) more\b|\[?See\b|Refer to\b/g;
/** A line's start up to a sentence: its blanks and `>`/list markers. */
const LINE_START = /^[ \t]*(?:(?:>|[-*+]|\d+\.)[ \t]*)*$/;
/** A link as it stands in the sentence skeleton (a private-use character, never in prose). */
const L = '\uE000';
const LIST = `${L}(?:(?:\\s*,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or|as well as)\\s+)(?:the\\s+)?${L})*`;
const TAIL = String.raw`(?:\s+(?:in|on|from)\s+(?:the\s+)?[^.,;\uE000]{0,60}?(?:[Dd]ocumentation|[Dd]ocs|[Gg]uide|[Hh]elp|[Aa]rticle|[Ss]ection)|\s+(?:endpoints?|documentation|docs|guide|article|section|page|module|reference))?`;
/** Up to four words before the first link: "see the", "see our", "see the PaymentIntents [use case](…)". */
const LEAD = String.raw`(?:[^\s\uE000.,;\`]+\s+){0,4}`;
const FOR_HEAD = String.raw`(?:For (?:more |further |additional )?(?:information|details|info)|To (?:learn|find out) more)\b[^\n\uE000]{0,100}?\b(?:see|visit|refer to|read|check(?: out)?)`;
/** "For more information [about X], see [the] A[, B] and C [in the X documentation]." */
const FOR_MORE = new RegExp(String.raw`^${FOR_HEAD}\s+${LEAD}${LIST}${TAIL}[.!?]?$`);
/** "See [the] A [and B] for more information [about X]." / "… to learn more." */
const SEE_FOR_MORE = new RegExp(String.raw`^(?:See|Refer to)\s+${LEAD}${LIST}${TAIL}\s+(?:for (?:more |further |additional )?(?:information|details|info)|to learn more)(?:\s+(?:about|on)\s+[^\n\uE000]{0,80}?)?[.!?]?$`);
/** Either shape cut by the description limit right after its (unfinished) link: "… see the [Profile visibility … [truncated]". */
const CUT_POINTER = new RegExp(String.raw`^(?:${FOR_HEAD}|See|Refer to)\s+${LEAD}${LIST}$`);
/** A sentence longer than this is not a pointer (keeps the scan linear on odd texts). */
const MAX_SENTENCE = 600;

/**
 * `[text](https://…)` → `text`; a sentence that only points elsewhere (see above) goes whole,
 * with the space before it, or its line when it is the whole line; other text unchanged.
 */
export function unlinkText(text: string): string {
  if (!text.includes('](') && !text.endsWith(TRUNCATION_MARKER)) return text;
  let out = '';
  let from = 0;
  for (const head of text.matchAll(HEAD)) {
    const start = head.index;
    if (start < from || !startsSentence(text, start)) continue;
    const end = pointerEnd(text, start);
    if (end === undefined) continue;
    const [cutStart, cutEnd] = widen(text, start, end);
    out += text.slice(from, Math.max(from, cutStart));
    from = cutEnd;
  }
  if (from === 0 && !text.includes('](')) return text;
  out += text.slice(from);
  out = out.replace(LINK, '$1');
  // Blanks left at a line's end (the pattern is costly to run on every text: most have none).
  if (out.includes(' \n') || out.includes('\t\n')) out = out.replace(/[ \t]+\n/g, '\n');
  return out.trim();
}

/**
 * Whether a sentence may start at `at`: the text's start, after a sentence end (`.!?:`, closing
 * quotes or emphasis, then blanks), or at a line start (after blanks and `>`/list markers).
 */
function startsSentence(text: string, at: number): boolean {
  if (at === 0) return true;
  let i = at - 1;
  if (text.charAt(i) === ' ' || text.charAt(i) === '\t') {
    while (i >= 0 && (text.charAt(i) === ' ' || text.charAt(i) === '\t')) i--;
    while (i >= 0 && '"”\')*_'.includes(text.charAt(i))) i--;
    if (i >= 0 && '.!?:'.includes(text.charAt(i))) return true;
  }
  const line = text.lastIndexOf('\n', at - 1);
  return line >= 0 && LINE_START.test(text.slice(line + 1, at));
}

/** The end of the pointer sentence starting at `start`, or undefined when that sentence is not one. */
function pointerEnd(text: string, start: number): number | undefined {
  const truncatedAt = text.endsWith(TRUNCATION_MARKER) ? text.length - TRUNCATION_MARKER.length : -1;
  let skeleton = '';
  let links = 0;
  let i = start;
  let end = -1;
  while (end < 0) {
    if (i - start > MAX_SENTENCE) return undefined;
    if (i === truncatedAt) {
      // Cut mid-sentence by the description limit: a pointer's unfinished link counts as a link.
      skeleton = skeleton.replace(/\[[^\]\n]*(?:\]\(\S*)?$/, L);
      if (!skeleton.includes(L)) return undefined;
      links++;
      end = i;
      break;
    }
    if (i >= text.length) {
      end = i;
      break;
    }
    const c = text.charAt(i);
    if (c === '[') {
      ABSOLUTE_LINK_AT.lastIndex = i;
      ANY_LINK_AT.lastIndex = i;
      const absolute = ABSOLUTE_LINK_AT.exec(text);
      if (absolute !== null) {
        // Link text with code (`GET /apps/{app_slug}`) names something callable: keep the sentence.
        if (absolute[0].slice(0, absolute[0].indexOf('](')).includes('`')) return undefined;
        // "[See the Connect documentation](…) for details.": the link's own "See" starts the sentence.
        skeleton += i === start && absolute[0].startsWith('[See ') ? `See ${L}` : L;
        links++;
        i += absolute[0].length;
        continue;
      }
      if (ANY_LINK_AT.test(text)) return undefined; // a relative link is kept by design: so is its sentence
    } else if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close < 0 || text.slice(i, close).includes('\n')) return undefined;
      skeleton += text.slice(i, close + 1);
      i = close + 1;
      continue;
    } else if (c === '.' || c === '!' || c === '?') {
      let j = i + 1;
      while (j < text.length && '"”\')*_'.includes(text.charAt(j))) j++;
      if ((j >= text.length || /\s/.test(text.charAt(j)) || j === truncatedAt) && !/\b[a-z]\.[a-z]$/i.test(text.slice(Math.max(start, i - 3), i + 1))) {
        skeleton += c;
        end = j;
        break;
      }
    } else if (c === '\n') {
      // A sentence may wrap onto a line that continues it in lower case (GitHub: `"[A](…)"\nand "[B](…)."`).
      if (!/^[ \t]*(?:[a-z]|"?\[)/.test(text.slice(i + 1, i + 40)) || /^[ \t]*(?:[-*+>]|\d+\.)[ \t]/.test(text.slice(i + 1, i + 40))) {
        end = i;
        break;
      }
      skeleton += ' ';
      i++;
      continue;
    }
    if (c !== '"' && c !== '“' && c !== '”' && c !== '*' && c !== '_') skeleton += c;
    i++;
  }
  if (links === 0) return undefined;
  const shape = skeleton.replace(/\s+/g, ' ').trim();
  if (end === truncatedAt) return CUT_POINTER.test(shape) || FOR_MORE.test(shape) ? end : undefined;
  return FOR_MORE.test(shape) || SEE_FOR_MORE.test(shape) ? end : undefined;
}

/**
 * The span to delete for the sentence `[start, end)`: with the blanks before it when text precedes
 * it on its line; the whole line (its `>`/list marker and newline too) when it is alone on it, and
 * one newline fewer when that would leave two blank lines in a row.
 */
function widen(text: string, start: number, end: number): [number, number] {
  let left = start;
  while (left > 0 && /[ \t>*+\-\d.]/.test(text.charAt(left - 1))) left--;
  let right = end;
  while (right < text.length && (text.charAt(right) === ' ' || text.charAt(right) === '\t')) right++;
  const lineStart = left === 0 || text.charAt(left - 1) === '\n';
  const atMarker = right === text.length - TRUNCATION_MARKER.length && text.endsWith(TRUNCATION_MARKER);
  const lineEnd = right >= text.length || text.charAt(right) === '\n' || atMarker;
  if (!lineStart || atMarker) {
    // Before the truncation marker, newlines go too: the marker follows the previous sentence.
    let blank = start;
    const gap = atMarker ? /\s/ : /[ \t]/;
    while (blank > 0 && gap.test(text.charAt(blank - 1))) blank--;
    return [blank, end];
  }
  if (!lineEnd) return [start, right];
  if (text.charAt(right) === '\n') right++;
  if (text.charAt(right) === '\n' && (left < 2 || text.slice(left - 2, left) === '\n\n')) right++;
  return [left, right];
}
