import { childPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
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
  /** Reports a snippet found at `where` (text for the message), unless it repeated too often. */
  report(snippet: string, where: string, at: SourceLocation | undefined): void;
  /** Emits the per-spec summaries of repeated snippets. */
  finish(): void;
}

export function createTextScan(diagnostics: DiagnosticBag): TextScan {
  const counts = new Map<string, { n: number; at: SourceLocation | undefined }>();
  return {
    report(snippet, where, at) {
      const seen = counts.get(snippet) ?? { n: 0, at };
      seen.n++;
      counts.set(snippet, seen);
      if (seen.n <= MAX_REPEATS) diagnostics.warn('description-instruction-like', `${where} reads like an instruction to the model: "${snippet}"`, at);
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
  const seen = new WeakSet<object>();
  for (const tool of tools) {
    const { definition } = tool;
    const where = (pointer: string): string => `tool "${definition.name}": ${pointer}`;
    walk(definition.inputSchema, '/inputSchema', seen, (pointer, snippet) => scan.report(snippet, where(pointer), tool.source));
    if (definition.outputSchema !== undefined) walk(definition.outputSchema, '/outputSchema', seen, (pointer, snippet) => scan.report(snippet, where(pointer), tool.source));
  }
}

/** `serverInfo` text: the API title and description, sanitized and scanned. */
export function sanitizeInfo(info: ApiInfo, scan: TextScan, at: SourceLocation | undefined): ApiInfo {
  const out: ApiInfo = { ...info, title: sanitizeText(info.title).replace(/\s+/g, ' ') || info.title.trim() };
  for (const snippet of findInstructionLikeText(info.title)) scan.report(snippet, 'the API title (serverInfo)', at);
  if (info.description !== undefined) {
    for (const snippet of findInstructionLikeText(info.description)) scan.report(snippet, 'the API description (serverInfo)', at);
    out.description = sanitizeText(info.description);
  }
  return out;
}

type Found = (pointer: string, snippet: string) => void;

function walk(node: unknown, pointer: string, seen: WeakSet<object>, found: Found): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
  for (const [key, value] of entries) {
    const at = childPointer(pointer, key);
    if (typeof value === 'string') {
      for (const snippet of findInstructionLikeText(value)) found(at, snippet);
      const clean = typeof key === 'string' && PROSE_KEYS.has(key) && !Array.isArray(node) ? sanitizeText(value) : sanitizeValue(value);
      if (clean !== value) (node as Record<string | number, unknown>)[key] = clean;
    } else {
      walk(value, at, seen, found);
    }
  }
}
