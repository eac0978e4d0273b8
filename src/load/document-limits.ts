import { toPointer, UserError } from '../diagnostics.js';

/**
 * Values a parsed document may hold once YAML aliases are expanded, as every later stage sees
 * them. msgraph's 20 MB spec has 750,000; an 818-byte alias bomb has billions.
 */
export const MAX_DOCUMENT_VALUES = 10_000_000;

/**
 * How deep objects and arrays may nest. Real specs stay under 30 (GitHub: 22, msgraph: 17); the
 * stages after `load` recurse over schemas, and 800 levels overflowed the call stack.
 */
export const MAX_DOCUMENT_DEPTH = 200;

interface Frame {
  node: object;
  key: string | undefined;
  parent: Frame | undefined;
  depth: number;
  children: unknown[];
  keys: string[] | undefined;
  next: number;
  size: number;
  height: number;
}

/**
 * Throws a one-line `UserError` when `document`, with its YAML aliases expanded, holds more than
 * `MAX_DOCUMENT_VALUES` values or nests deeper than `MAX_DOCUMENT_DEPTH`. Linear in the number of
 * distinct nodes (shared nodes are measured once) and iterative, so it cannot itself blow up.
 *
 * `json`: the text `document` was parsed from with `JSON.parse`. Then no node is shared, a JSON
 * value takes at least two characters with its separator (so a text under twice the cap cannot
 * hold too many), and the nesting is the bracket depth of the text: one scan of the text answers,
 * and only a document that fails it is walked, to name where.
 */
export function checkDocumentLimits(document: unknown, display: string, options: { json?: string } = {}): void {
  if (document === null || typeof document !== 'object') return;
  if (options.json !== undefined && options.json.length < 2 * MAX_DOCUMENT_VALUES && jsonDepth(options.json) <= MAX_DOCUMENT_DEPTH) return;
  const measured = new Map<object, { size: number; height: number }>();
  const open = new Set<object>();
  let frame: Frame | undefined = enter(document, undefined, undefined, 1);
  open.add(document);
  while (frame !== undefined) {
    if (frame.next < frame.children.length) {
      const index = frame.next++;
      const child = frame.children[index];
      if (child === null || typeof child !== 'object') {
        frame.size += 1;
        continue;
      }
      const key = frame.keys === undefined ? String(index) : frame.keys[index]!;
      const known = measured.get(child);
      if (known !== undefined || open.has(child)) {
        // Shared (an alias) or a cycle back to an ancestor (counted once; later stages cut cycles).
        const { size, height } = known ?? { size: 1, height: 1 };
        if (frame.depth + height > MAX_DOCUMENT_DEPTH) throw tooDeep(display, frame, key);
        frame.size += size;
        frame.height = Math.max(frame.height, height + 1);
        if (frame.size > MAX_DOCUMENT_VALUES) throw tooBig(display);
        continue;
      }
      if (frame.depth + 1 > MAX_DOCUMENT_DEPTH) throw tooDeep(display, frame, key);
      open.add(child);
      frame = enter(child, key, frame, frame.depth + 1);
      continue;
    }
    open.delete(frame.node);
    measured.set(frame.node, { size: frame.size, height: frame.height });
    const done: Frame = frame;
    frame = frame.parent;
    if (frame !== undefined) {
      frame.size += done.size;
      frame.height = Math.max(frame.height, done.height + 1);
      if (frame.size > MAX_DOCUMENT_VALUES) throw tooBig(display);
    }
  }
}

/** The deepest bracket nesting of a valid JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: the first one not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return deepest;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

function escaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let k = quote - 1; k >= 0 && text.charCodeAt(k) === 0x5c; k--) backslashes += 1;
  return backslashes % 2 === 1;
}

function enter(node: object, key: string | undefined, parent: Frame | undefined, depth: number): Frame {
  const keys = Array.isArray(node) ? undefined : Object.keys(node);
  const children = keys === undefined ? (node as unknown[]) : keys.map((k) => (node as Record<string, unknown>)[k]);
  return { node, key, parent, depth, children, keys, next: 0, size: 1, height: 1 };
}

function pointerOf(frame: Frame, last: string): string {
  const segments = [last];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) segments.push(f.key);
  return toPointer(segments.reverse());
}

function tooDeep(display: string, frame: Frame, key: string): UserError {
  const pointer = pointerOf(frame, key);
  const shown = pointer.length > 100 ? `${pointer.slice(0, 100)}…` : pointer;
  return new UserError(`${display}#${shown}: nested more than ${MAX_DOCUMENT_DEPTH} levels deep; a spec this deep is refused`);
}

function tooBig(display: string): UserError {
  return new UserError(`${display}: more than ${MAX_DOCUMENT_VALUES.toLocaleString('en-US')} values once YAML aliases are expanded (an alias bomb?); refused`);
}
