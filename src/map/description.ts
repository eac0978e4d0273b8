/**
 * Tool descriptions: spec text made safe and short enough to hand to a model.
 *
 * Spec text is untrusted. `sanitizeText` removes what hides text from a human reviewer but not from
 * a model (terminal escapes, control and zero-width characters, bidi overrides, Unicode tag
 * characters, HTML comments) and turns HTML into plain text. `findInstructionLikeText` (in
 * instruction-like-text.ts) flags what reads like instructions to a model, for a warning.
 */
export { findInstructionLikeText } from './instruction-like-text.js';

/** Default cap for a tool description, in UTF-16 code units (what `string.length` counts). */
export const DEFAULT_DESCRIPTION_MAX = 1024;

/** Appended where a description was cut; counted within the cap. */
export const TRUNCATION_MARKER = ' … [truncated]';

export interface DescriptionInput {
  summary?: string;
  description?: string;
  deprecated?: boolean;
  /** Used when summary and description are both empty, e.g. `GET /pets/{id}`. */
  fallback?: string;
}

export interface DescriptionOptions {
  /** Cap in UTF-16 code units; default {@link DEFAULT_DESCRIPTION_MAX}. */
  maxLength?: number;
}

// ECMA-48 escape sequences, 7-bit and 8-bit forms. Each is a fixed prefix followed by runs of
// disjoint character classes, so matching is linear.
const OSC_DCS_ETC = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)/g;
const CSI = /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/g;
const TWO_CHAR_ESCAPE = /\x1b[\x20-\x2f]*[\x30-\x7e]/g;
/** C0 and C1 controls except tab and newline (carriage returns are turned into newlines first). */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/**
 * Invisible characters that change what a human sees but not what a model reads: zero-width
 * space/joiners and marks (U+200B–U+200F), bidi embeddings and overrides (U+202A–U+202E), word
 * joiner and invisible operators (U+2060–U+2064), bidi isolates (U+2066–U+2069), BOM (U+FEFF),
 * soft hyphen, Unicode tag characters (U+E0000–U+E007F, used to smuggle hidden ASCII) and
 * variation selectors 17–256 (U+E0100–U+E01EF, ditto). U+FE00–U+FE0F stay (emoji presentation).
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/**
 * Anything a step of `sanitizeText` acts on: a carriage return, a control character (escape
 * sequences start with one), `<` (tags, comments), `&` (entities), an invisible character (the
 * tag and variation-selector planes by their high surrogate, U+DB40), a space before a newline,
 * three newlines. Most spec prose has none of them and is only trimmed.
 */
const NEEDS_SANITIZING = /[\r\x00-\x08\x0b-\x1f\x7f-\x9f<&\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\udb40]|[ \t]\n|\n\n\n/;

const BLOCK_TAGS = 'p|div|h[1-6]|ul|ol|table|thead|tbody|tr|pre|blockquote|section|article|header|footer|dl|details|summary|hr';
// Formatting tags only: `<img>`, `<title>`, `<body>` … stay, as API prose often talks about them.
const INLINE_TAGS = 'a|b|i|u|s|em|strong|span|small|sup|sub|del|ins|kbd|var|samp|mark|abbr|cite|q|tt|font|center|td|th|dt|dd|caption|figure|figcaption|important|note';
const LINE_BREAK_TAG = /<br\s*\/?>/gi;
const CODE_TAG = /<\/?code(?:\s[^<>]*)?>/gi;
/** `<a href="https://…">text</a>` with an absolute URL and plain text inside → `[text](url)`. */
const ABSOLUTE_LINK = /<a\s[^<>]*?href\s*=\s*["'](https?:\/\/[^"'<>\s]+)["'][^<>]*>([^<]*)<\/a\s*>/gi;
const LIST_ITEM_TAG = /<li(?:\s[^<>]*)?>/gi;
const BLOCK_TAG = new RegExp(`</?(?:${BLOCK_TAGS})(?:\\s[^<>]*)?/?>`, 'gi');
const INLINE_TAG = new RegExp(`</?(?:${INLINE_TAGS}|li)(?:\\s[^<>]*)?/?>`, 'gi');

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', bull: '•', middot: '·',
  copy: '©', reg: '®', trade: '™', times: '×', deg: '°',
};
const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g;

function decodeEntity(whole: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const isSurrogate = code >= 0xd800 && code <= 0xdfff;
    return code > 0 && code <= 0x10ffff && !isSurrogate ? String.fromCodePoint(code) : '';
  }
  return NAMED_ENTITIES[body] ?? whole;
}

/** Lower-cases A–Z only, so indexes stay those of the original (`İ`.toLowerCase() is 2 units). */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** Removes `<!-- … -->` and `<script>`/`<style>` elements with their content, with indexOf (no regex backtracking). */
function removeHiddenBlocks(text: string): string {
  if (!text.includes('<')) return text;
  let out = text;
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<script', '</script>'],
    ['<style', '</style>'],
  ] as const) {
    const lower = asciiLowerCase(out);
    let start = lower.indexOf(open);
    if (start === -1) continue;
    let result = '';
    let from = 0;
    while (start !== -1) {
      const end = lower.indexOf(close, start + open.length);
      result += out.slice(from, start);
      from = end === -1 ? out.length : end + close.length;
      start = end === -1 ? -1 : lower.indexOf(open, from);
    }
    out = result + out.slice(from);
  }
  return out;
}

/**
 * Spec prose → plain text for a model: terminal escapes, controls (except `\n`, `\t`) and
 * invisible characters removed; `\r\n` → `\n`; HTML comments, scripts and styles removed; known
 * formatting HTML tags removed keeping their text (`<br>` → newline, `<p>` and other blocks →
 * paragraph, `<li>` → `- ` item, `<code>` → backtick, a link to an absolute URL → Markdown link); common entities decoded (after the tags, so `&lt;b&gt;` stays visible text);
 * trailing spaces trimmed, 3+ newlines → 2, the whole trimmed. Unknown tags such as `<system>`
 * are kept as text, so a reader sees them and {@link findInstructionLikeText} can flag them.
 */
export function sanitizeText(text: string): string {
  if (!NEEDS_SANITIZING.test(text)) return text.trim();
  // Decoding can reveal what must not reach a model (`&lt;!-- … --&gt;`, `&#x1b;[2J`), and a
  // removal can join pieces into a new comment (`<!<!-- x -->-- … -->`): the hidden parts are
  // removed again until nothing changes. Decoded formatting (`&lt;b&gt;`) stays visible text.
  let out = sanitizeOnce(text);
  for (let pass = 0; pass < 8; pass++) {
    const next = removeHidden(out);
    if (next === out) break;
    out = next;
  }
  return out.trim();
}

function removeHidden(text: string): string {
  return removeHiddenBlocks(text).replace(OSC_DCS_ETC, '').replace(CSI, '').replace(TWO_CHAR_ESCAPE, '').replace(CONTROL, '').replace(INVISIBLE, '');
}

function sanitizeOnce(text: string): string {
  let out = text.replace(/\r\n?/g, '\n');
  out = out.replace(OSC_DCS_ETC, '').replace(CSI, '').replace(TWO_CHAR_ESCAPE, '');
  out = removeHiddenBlocks(out);
  out = out
    .replace(ABSOLUTE_LINK, (_, url: string, label: string) => (label.trim() === '' || label.trim() === url ? url : `[${label}](${url})`))
    .replace(CODE_TAG, '`')
    .replace(LINE_BREAK_TAG, '\n')
    .replace(LIST_ITEM_TAG, '\n- ')
    .replace(BLOCK_TAG, '\n\n')
    .replace(INLINE_TAG, '');
  out = out.replace(ENTITY, decodeEntity);
  out = out.replace(CONTROL, '').replace(INVISIBLE, '');
  out = out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
  return out.trim();
}

/**
 * A data string a client sees (an enum value, a default, an example): terminal escapes, control
 * characters (CR and all but tab and newline) and invisible characters removed. Markup stays: it
 * is a value, not prose.
 */
export function sanitizeValue(text: string): string {
  if (!NEEDS_SANITIZING.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(OSC_DCS_ETC, '').replace(CSI, '').replace(TWO_CHAR_ESCAPE, '').replace(CONTROL, '').replace(INVISIBLE, '');
}

/** How far back a cut looks for whitespace (at most half the budget) before cutting mid-word. */
const MAX_WORD_LOOKBACK = 80;

/**
 * Cuts `text` to `maxLength` code units including {@link TRUNCATION_MARKER}: at the last
 * whitespace within {@link MAX_WORD_LOOKBACK} characters of the limit, else at the limit; never
 * inside a surrogate pair.
 */
export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const budget = Math.max(0, maxLength - TRUNCATION_MARKER.length);
  let cut = budget;
  const lowest = budget - Math.min(budget / 2, MAX_WORD_LOOKBACK);
  for (let i = budget; i >= lowest && i > 0; i--) {
    if (/\s/.test(text.charAt(i))) {
      cut = i;
      break;
    }
  }
  const code = text.charCodeAt(cut - 1);
  if (cut > 0 && code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return text.slice(0, cut).trimEnd() + TRUNCATION_MARKER;
}

/** Whether `a` and `b` are the same text ignoring case, runs of whitespace and a trailing `.:;!`. */
function sameText(a: string, b: string): boolean {
  if (ASCII_ONLY.test(a) && ASCII_ONLY.test(b)) {
    const kept = keptCharacters(a, Infinity);
    if (keptCharacters(b, kept) !== kept) return false;
  }
  const norm = (s: string): string => s.toLowerCase().replace(/[\s.:;!]+$/, '').replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * For an ASCII text: how many non-space characters the comparison in `sameText` keeps (lower-casing
 * and collapsing whitespace keep them all; the trailing run of whitespace and `.:;!` goes). Two
 * texts the comparison calls the same keep as many, so a different count answers without building
 * either normalized copy (a description is usually much longer than its summary). Counting stops
 * past `limit`: any larger count is as different.
 */
function keptCharacters(text: string, limit: number): number {
  let end = text.length;
  while (end > 0 && isTrailing(text.charCodeAt(end - 1))) end--;
  let kept = 0;
  for (let i = 0; i < end && kept <= limit; i++) if (!isAsciiSpace(text.charCodeAt(i))) kept++;
  return kept;
}

/** `\s` among ASCII characters: tab, line feed, vertical tab, form feed, carriage return, space. */
function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function isTrailing(code: number): boolean {
  return isAsciiSpace(code) || code === 0x2e || code === 0x3a || code === 0x3b || code === 0x21;
}

/**
 * The tool description: the summary, then a blank line and the description unless it only repeats
 * the summary; `Deprecated. ` in front when deprecated; the fallback when both are empty; all
 * sanitized and cut to `maxLength` (default {@link DEFAULT_DESCRIPTION_MAX}).
 */
export function buildDescription(input: DescriptionInput, options: DescriptionOptions = {}): string {
  const summary = sanitizeText(input.summary ?? '');
  const description = sanitizeText(input.description ?? '');
  const parts: string[] = [];
  if (summary !== '') parts.push(summary);
  if (description !== '' && !(summary !== '' && sameText(summary, description))) parts.push(description);
  let text = parts.join('\n\n');
  if (text === '') text = sanitizeText(input.fallback ?? '');
  if (input.deprecated === true && !/^deprecated\b/i.test(text)) text = text === '' ? 'Deprecated.' : `Deprecated. ${text}`;
  return truncateText(text, options.maxLength ?? DEFAULT_DESCRIPTION_MAX);
}
