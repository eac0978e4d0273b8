import { toPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { ApiInfo } from '../model/api-model.js';
import type { Tool } from '../model/tool-model.js';
import { findInstructionLikeText, sanitizeText, sanitizeValue } from './description.js';

/**
 * Every string a client sees — not only the tool description: parameter and property
 * descriptions, schema titles, enum values, defaults, examples, output-schema text, the shared
 * `$defs`, `serverInfo` title and description — sanitized (see `sanitizeText`, `sanitizeValue`)
 * and scanned for instruction-like text. Prose keywords (`description`, `title`, `$comment`)
 * become plain text; any other string keeps its markup but loses hidden characters.
 *
 * Each finding is a `description-instruction-like` warning naming the tool and the JSON pointer
 * inside its definition. A snippet repeated over many places (one paragraph pasted into every
 * operation) is reported `MAX_REPEATS` times, then summed up once per spec.
 */
const PROSE_KEYS = new Set(['description', 'title', '$comment']);

/** The same snippet is reported this many times; the rest is counted in one summary warning. */
const MAX_REPEATS = 3;

export interface TextScan {
  /**
   * `findInstructionLikeText(text)`, memoized for the run: the same texts come back in every tool
   * (GitHub: ~21,000 scans of ~3,300 distinct texts). The arrays are shared: do not change them.
   */
  find(text: string): readonly string[];
  /** `sanitizeText(text)` for prose, else `sanitizeValue(text)`; memoized for the run like `find`. */
  clean(text: string, prose: boolean): string;
  /** Reports a snippet found at `where` (text for the message), unless it repeated too often. */
  report(snippet: string, where: string, at: SourceLocation | undefined): void;
  /** Reports a property name at `where` that holds characters {@link clean} would remove. */
  hiddenInName(where: string, at: SourceLocation | undefined): void;
  /** Emits the per-spec summaries of repeated snippets. */
  finish(): void;
}

export function createTextScan(diagnostics: DiagnosticBag): TextScan {
  const counts = new Map<string, { n: number; at: SourceLocation | undefined }>();
  const found = new Map<string, readonly string[]>();
  const cleanProse = new Map<string, string>();
  const cleanValue = new Map<string, string>();
  return {
    clean(text, prose) {
      const memo = prose ? cleanProse : cleanValue;
      let clean = memo.get(text);
      if (clean === undefined) {
        clean = prose ? sanitizeText(text) : sanitizeValue(text);
        memo.set(text, clean);
      }
      return clean;
    },
    find(text) {
      let snippets = found.get(text);
      if (snippets === undefined) {
        snippets = findInstructionLikeText(text);
        found.set(text, snippets);
      }
      return snippets;
    },
    report(snippet, where, at) {
      const seen = counts.get(snippet) ?? { n: 0, at };
      seen.n++;
      counts.set(snippet, seen);
      if (seen.n <= MAX_REPEATS) diagnostics.warn('description-instruction-like', `${where} reads like an instruction to the model: "${snippet}"`, at);
    },
    hiddenInName(where, at) {
      diagnostics.warn('name-hidden-characters', `${where} is named with invisible, bidi or control characters: the model reads them, a reviewer does not (the name stays, as the API expects it)`, at);
    },
    finish() {
      for (const [snippet, { n, at }] of counts) {
        if (n > MAX_REPEATS) diagnostics.warn('description-instruction-like', `"${snippet}" reads like an instruction to the model in ${n - MAX_REPEATS} more places (${n} in all; the first ${MAX_REPEATS} are listed above)`, at);
      }
    },
  };
}

/**
 * Sanitizes, in place, every string of the tools' input and output schemas and scans them.
 * Objects shared between tools (a `$defs` entry) are visited once, at the first tool using them.
 */
export function sanitizeToolSchemas(tools: readonly Tool[], scan: TextScan): void {
  const seen = new Set<object>();
  for (const tool of tools) {
    const { definition } = tool;
    const where = (pointer: string): string => `tool "${definition.name}": ${pointer}`;
    const found: Found = (pointer, snippet) => (snippet === undefined ? scan.hiddenInName(where(pointer), tool.source) : scan.report(snippet, where(pointer), tool.source));
    walk(definition.inputSchema, ROOT_INPUT, seen, scan, found);
    if (definition.outputSchema !== undefined) walk(definition.outputSchema, ROOT_OUTPUT, seen, scan, found);
  }
}

/**
 * The same for an outputSchema given to `tool` after that pass (output-budget.ts); `seen` is shared
 * by the schemas of one such pass.
 */
export function sanitizeOutputSchema(tool: Tool, schema: object, scan: TextScan, seen: Set<object>): void {
  const where = (pointer: string): string => `tool "${tool.definition.name}": ${pointer}`;
  walk(schema, ROOT_OUTPUT, seen, scan, (pointer, snippet) => (snippet === undefined ? scan.hiddenInName(where(pointer), tool.source) : scan.report(snippet, where(pointer), tool.source)));
}

/** `serverInfo` text: the API title and description, sanitized and scanned. */
export function sanitizeInfo(info: ApiInfo, scan: TextScan, at: SourceLocation | undefined): ApiInfo {
  const out: ApiInfo = { ...info, title: sanitizeText(info.title).replace(/\s+/g, ' ') || info.title.trim() };
  for (const snippet of scan.find(info.title)) scan.report(snippet, 'the API title (serverInfo)', at);
  if (info.description !== undefined) {
    for (const snippet of scan.find(info.description)) scan.report(snippet, 'the API description (serverInfo)', at);
    out.description = sanitizeText(info.description);
  }
  return out;
}

/** A snippet of instruction-like text at `pointer`; `undefined`: the property named there has hidden characters. */
type Found = (pointer: string, snippet: string | undefined) => void;

/**
 * Keywords whose strings name properties: they must stay what the keys of `properties` are (keys
 * are wire names, kept as the API spells them), so they are scanned but not cleaned.
 */
const NAME_LISTS = new Set(['required']);

/**
 * Where a node sits, as a chain of keys: the JSON pointer is only spelled out for a finding
 * (most strings have none, and building a pointer per node was most of the walk's cost).
 */
interface Path {
  parent: Path | undefined;
  key: string | number;
}

const ROOT_INPUT: Path = { parent: undefined, key: 'inputSchema' };
const ROOT_OUTPUT: Path = { parent: undefined, key: 'outputSchema' };

function pointerOf(path: Path): string {
  const keys: (string | number)[] = [];
  for (let p: Path | undefined = path; p !== undefined; p = p.parent) keys.push(p.key);
  return toPointer(keys.reverse());
}

function walk(node: unknown, path: Path, seen: Set<object>, scan: TextScan, found: Found): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  walkUnseen(node, path, seen, scan, found);
}

/**
 * The walk below a node just added to `seen`. One loop per node, each value looked at in place:
 * strings are scanned and cleaned, unseen objects walked (a call per object, not per value).
 */
function walkUnseen(node: object, path: Path, seen: Set<object>, scan: TextScan, found: Found): void {
  if (Array.isArray(node)) {
    const names = NAME_LISTS.has(path.key as string) || path.parent?.key === 'dependentRequired';
    for (let i = 0; i < node.length; i++) {
      const value: unknown = node[i];
      if (typeof value === 'string') visitText(node as unknown as Record<number, unknown>, i, value, false, path, scan, found, names);
      else if (value !== null && typeof value === 'object' && !seen.has(value)) {
        seen.add(value);
        walkUnseen(value, { parent: path, key: i }, seen, scan, found);
      }
    }
    return;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  if (path.key === 'properties' || path.key === 'dependentRequired') for (const key of keys) visitName(key, path, scan, found);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = record[key];
    if (typeof value === 'string') visitText(record, key, value, PROSE_KEYS.has(key), path, scan, found);
    else if (value !== null && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      walkUnseen(value, { parent: path, key }, seen, scan, found);
    }
  }
}

function visitText(node: Record<string | number, unknown>, key: string | number, value: string, prose: boolean, path: Path, scan: TextScan, found: Found, keep = false): void {
  const snippets = scan.find(value);
  if (snippets.length > 0) {
    const at = pointerOf({ parent: path, key });
    for (const snippet of snippets) found(at, snippet);
  }
  if (keep) return;
  const clean = scan.clean(value, prose);
  if (clean !== value) node[key] = clean;
}

/** A property name: scanned, and reported when it holds hidden characters; never changed. */
function visitName(name: string, path: Path, scan: TextScan, found: Found): void {
  const snippets = scan.find(name);
  const hidden = scan.clean(name, false) !== name;
  if (snippets.length === 0 && !hidden) return;
  const at = pointerOf({ parent: path, key: name });
  for (const snippet of snippets) found(at, snippet);
  if (hidden) found(at, undefined);
}
