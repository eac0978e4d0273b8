/**
 * Tool names: readable, valid, unique and independent of the order operations come in.
 *
 * Rules (MCP 2025-11-25, server/tools#tool-names: a name SHOULD be 1–128 characters of
 * `A-Za-z0-9_.-`, case-sensitive; model APIs behind MCP clients are narrower: OpenAI-style
 * function names are `^[a-zA-Z0-9_-]{1,64}$`, and some clients reject `.`):
 * - `portable` (default): `^[A-Za-z0-9_-]{1,64}$`; `spec`: `^[A-Za-z0-9_.-]{1,128}$`.
 * - The base name is the override, else the operationId, else `method_path` (see {@link methodPathName}).
 *   It keeps the author's case and separators; other characters become `_`.
 * - A name too long is shortened by dropping whole words (see {@link shortenToolName}); when that
 *   would clash with another name, another choice of words is tried, and only then a short hash
 *   of the full name is appended.
 * - Names are unique case-insensitively (`getPet` and `GetPet` clash): requests are sorted by
 *   path, then method, and the first keeps its name; the others get `_<method>` or `_2`, `_3` ….
 */
import { byCodeUnit } from '../by-code-unit.js';
import { shortenToolName, visitShortenings } from './tool-name-shorten.js';

export { shortenToolName, toolNameShortenings } from './tool-name-shorten.js';

export type ToolNameStyle = 'portable' | 'spec';

export interface NameRequest {
  /** Unique per operation, e.g. `GET /pets/{id}`. */
  key: string;
  operationId?: string;
  method: string;
  path: string;
  /** A name the user chose (config); wins over the operationId and over other operations' names. */
  override?: string;
}

export interface ToolNameOptions {
  style: ToolNameStyle;
}

export const TOOL_NAME_RULES: Readonly<Record<ToolNameStyle, { pattern: RegExp; maxLength: number }>> = {
  portable: { pattern: /^[A-Za-z0-9_-]{1,64}$/, maxLength: 64 },
  spec: { pattern: /^[A-Za-z0-9_.-]{1,128}$/, maxLength: 128 },
};

/**
 * The members of Object.prototype. The MCP SDK's McpServer (@modelcontextprotocol/server 2.4)
 * keeps its tools in a plain object and refuses a name `this._registeredTools[name]` already
 * answers, so a tool named `constructor` or `toString` throws "Tool constructor is already
 * registered" while the server is set up, and every request fails with "Internal server error".
 */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([
  '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', '__proto__', 'constructor',
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf',
]);

export function isValidToolName(name: string, style: ToolNameStyle): boolean {
  return TOOL_NAME_RULES[style].pattern.test(name);
}

/** Letters NFKD does not decompose into ASCII, written the way they are usually transliterated. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D',
  þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', ı: 'i',
};
const TRANSLITERATED = /[ßæÆøØœŒłŁđĐþÞðÐı]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING_MARKS_AND_APOSTROPHES = /[\p{M}'\u2019]/gu;
const NON_ALPHANUMERIC_RUN = /[^A-Za-z0-9]+/g;
const ASCII_LETTER = /[A-Za-z]/;
/** Words joined by single separators (`users.ListMessages`, `repos_get-x`): nothing to merge or trim. */
const SIMPLE_NAME = /^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$/;

/**
 * Turns any text into name characters: NFKD with combining marks removed (`Café` → `Cafe`), a few
 * Latin letters transliterated (`ß` → `ss`), apostrophes dropped (`user's` → `users`). Each run of
 * other characters becomes the explicit separators it contains (`a - b` → `a-b`) or else one `_`
 * (`repos/get` → `repos_get`); `.` counts as a separator only in `spec` style. Leading and
 * trailing separators are trimmed. Returns `''` when nothing usable (no ASCII letter) is left.
 */
export function sanitizeToolName(raw: string, style: ToolNameStyle): string {
  const name = toNameCharacters(raw, style);
  return ASCII_LETTER.test(name) ? name : '';
}

function toNameCharacters(raw: string, style: ToolNameStyle): string {
  let text = raw;
  if (NON_ASCII.test(text)) {
    text = text
      .normalize('NFKD')
      .replace(COMBINING_MARKS_AND_APOSTROPHES, '')
      .replace(TRANSLITERATED, (ch) => TRANSLITERATION[ch] ?? ch);
  } else if (text.includes("'")) {
    text = text.replace(COMBINING_MARKS_AND_APOSTROPHES, '');
  }
  if (SIMPLE_NAME.test(text)) return style === 'spec' ? text : text.replaceAll('.', '_');
  const separators = style === 'spec' ? /[^_.-]/g : /[^_-]/g;
  return text.replace(NON_ALPHANUMERIC_RUN, (run: string, offset: number) => {
    if (offset === 0 || offset + run.length === text.length) return '';
    if (run.length === 1) return run === '_' || run === '-' || (run === '.' && style === 'spec') ? run : '_';
    const explicit = run.replace(separators, '');
    return explicit === '' ? '_' : explicit;
  });
}

/**
 * The name of an operation without operationId: lower-case method, then the path segments with
 * template braces removed, joined by `_`: `GET /pets/{petId}/photos` → `get_pets_petId_photos`.
 * (No `by_` before parameters: it makes long names longer and says nothing the segment name
 * does not.) The root path gives `get_root`.
 */
export function methodPathName(method: string, path: string, style: ToolNameStyle): string {
  const fromPath = toNameCharacters(path.replace(/[{}]/g, ''), style);
  const verb = sanitizeToolName(method.toLowerCase(), style) || 'call';
  return `${verb}_${fromPath === '' ? 'root' : fromPath}`;
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function methodRank(method: string): number {
  const i = METHOD_ORDER.indexOf(method.toLowerCase());
  return i === -1 ? METHOD_ORDER.length : i;
}

/** The canonical order names are resolved in: path, method (get, put, post, delete, …), key. */
export function compareNameRequests(a: NameRequest, b: NameRequest): number {
  return (
    byCodeUnit(a.path, b.path) ||
    methodRank(a.method) - methodRank(b.method) ||
    byCodeUnit(a.method.toLowerCase(), b.method.toLowerCase()) ||
    byCodeUnit(a.key, b.key)
  );
}

/** 6 hex digits of the 32-bit FNV-1a hash: stable across machines and versions. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 6);
}

interface Entry {
  request: NameRequest;
  /** Sanitized base name, full length. */
  stem: string;
  /** Disambiguator for duplicate stems (`_post`, `_2`), kept whole when shortening. */
  suffix: string;
  /** `stem + suffix` in lower case: unique once suffixes are assigned. */
  lower: string;
}

/** How many shortenings of one name are tried before a hash is used. */
const MAX_ALTERNATIVES = 32;

function baseName(request: NameRequest, style: ToolNameStyle): string {
  for (const candidate of [request.override, request.operationId]) {
    if (candidate === undefined) continue;
    const name = sanitizeToolName(candidate, style);
    if (name === '') continue;
    // `toString` → `toString_get`: a name the SDK cannot register gets its method, as a clash would.
    return RESERVED_TOOL_NAMES.has(name) ? `${name}_${sanitizeToolName(request.method.toLowerCase(), style) || 'call'}` : name;
  }
  return methodPathName(request.method, request.path, style);
}

/** Picks a suffix for each entry whose stem an earlier entry (in priority order) already has. */
function assignSuffixes(entries: readonly Entry[], style: ToolNameStyle): void {
  const groups = new Map<string, Entry[]>();
  let duplicates = false;
  for (const entry of entries) {
    const group = groups.get(entry.lower);
    if (group === undefined) groups.set(entry.lower, [entry]);
    else duplicates = group.push(entry) > 1;
  }
  if (!duplicates) return;
  const added = new Set<string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // Overrides first (the user asked for that name), otherwise canonical order (stable sort).
    const ordered = [...group].sort((a, b) => Number(b.request.override !== undefined) - Number(a.request.override !== undefined));
    for (const entry of ordered.slice(1)) {
      const method = entry.request.method.toLowerCase();
      const methodIsDistinct = group.every((o) => o === entry || o.request.method.toLowerCase() !== method);
      const verb = sanitizeToolName(method, style);
      const choices = methodIsDistinct && verb !== '' ? [`_${verb}`] : [];
      for (let n = 0; entry.suffix === ''; n++) {
        const suffix = n < choices.length ? (choices[n] as string) : `_${n - choices.length + 2}`;
        const lower = entry.lower + suffix.toLowerCase();
        if (!groups.has(lower) && !added.has(lower)) {
          added.add(lower);
          entry.suffix = suffix;
          entry.lower = lower;
        }
      }
    }
  }
}

/** The entry's first shortening (of at most {@link MAX_ALTERNATIVES}) that `accept` takes. */
function firstAccepted(entry: Entry, maxLength: number, accept: (name: string) => boolean): string | undefined {
  let tried = 0;
  let found: string | undefined;
  visitShortenings(entry.stem, maxLength - entry.suffix.length, (short) => {
    const name = short + entry.suffix;
    if (accept(name)) found = name;
    return found !== undefined || ++tried >= MAX_ALTERNATIVES;
  });
  return found;
}

function hashedName(entry: Entry, maxLength: number, used: ReadonlySet<string>): string {
  const hash = `_${shortHash(entry.stem + entry.suffix)}`;
  let name = shortenToolName(entry.stem, maxLength - entry.suffix.length - hash.length) + entry.suffix + hash;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const counter = `_${n}`;
    name = shortenToolName(entry.stem, maxLength - entry.suffix.length - hash.length - counter.length) + entry.suffix + hash + counter;
  }
  return name;
}

/**
 * Assigns every request a valid tool name, unique case-insensitively; returns key → name.
 * Deterministic for a given set of requests, whatever their order. Linear apart from one sort.
 *
 * A name that fits is never changed. A shortened name that would clash with another name (its
 * first choice is wanted by two operations, or taken by a name that fits) goes to its next
 * shortening no one has; after {@link MAX_ALTERNATIVES} it gets `_` + {@link shortHash} of its full
 * name; and if even that is taken (a hash collision), a counter.
 */
export function assignToolNames(requests: readonly NameRequest[], options: ToolNameOptions): Map<string, string> {
  const { maxLength } = TOOL_NAME_RULES[options.style];
  const entries: Entry[] = [...requests].sort(compareNameRequests).map((request) => {
    const stem = baseName(request, options.style);
    return { request, stem, suffix: '', lower: stem.toLowerCase() };
  });
  assignSuffixes(entries, options.style);

  const names = new Map<Entry, string>();
  // Shortened names never become one of these (names that fit were kept from them in baseName).
  const used = new Set<string>([...RESERVED_TOOL_NAMES].map((n) => n.toLowerCase()));
  const long: { entry: Entry; first: string; firstLower: string }[] = [];
  for (const entry of entries) {
    if (entry.stem.length + entry.suffix.length <= maxLength) {
      names.set(entry, entry.stem + entry.suffix);
      used.add(entry.lower);
    } else {
      const first = shortenToolName(entry.stem, maxLength - entry.suffix.length) + entry.suffix;
      long.push({ entry, first, firstLower: first.toLowerCase() });
    }
  }
  // First choices wanted by one long name only, and not taken, are kept.
  const wanted = new Map<string, number>();
  for (const { firstLower } of long) wanted.set(firstLower, (wanted.get(firstLower) ?? 0) + 1);
  const clashing: Entry[] = [];
  for (const { entry, first, firstLower } of long) {
    if (wanted.get(firstLower) === 1 && !used.has(firstLower)) {
      names.set(entry, first);
      used.add(firstLower);
    } else {
      clashing.push(entry);
    }
  }
  // The others, in canonical order, take their first shortening that no one has or wants first.
  for (const entry of clashing) {
    const name =
      firstAccepted(entry, maxLength, (candidate) => !used.has(candidate.toLowerCase()) && !wanted.has(candidate.toLowerCase())) ??
      hashedName(entry, maxLength, used);
    names.set(entry, name);
    used.add(name.toLowerCase());
  }
  return new Map(entries.map((e) => [e.request.key, names.get(e) as string]));
}
