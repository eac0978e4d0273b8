/**
 * Per-operation tool overrides from the spec's own extensions, `x-mcp` (ours) and
 * `x-speakeasy-mcp` (Speakeasy's, https://www.speakeasy.com/docs/standalone-mcp/customize-tools).
 *
 * `x-mcp`: `true`/`false` (keep/leave out), or an object with
 *   `exclude`/`include` (booleans: `exclude: true` ≡ `include: false`), `name`, `title`,
 *   `description` (strings), `annotations: { readOnlyHint, destructiveHint, idempotentHint,
 *   openWorldHint }` (booleans), `scopes` (OAuth scope names the tool needs, all of them; see
 *   templates/runtime/tool-scopes.gen.ts). Any other key is a warning (a typo must not pass silently).
 * `x-speakeasy-mcp`: an object with `disabled` (boolean), `name`, `title`, `description`, `scopes`,
 *   the four hints as top-level booleans (as Speakeasy documents them; an `annotations` object is
 *   read too); unknown keys are ignored. `true`/`false` are read as for `x-mcp`.
 *
 * Levels: the document root, then the path item, then the operation; a more specific level wins
 * field by field. Within one level `x-mcp` wins over `x-speakeasy-mcp`. `name` is read only on the
 * operation (one name cannot fit several operations); `title` and `description` on the path item
 * and the operation; keep/leave-out, hints and scopes everywhere (`scopes` of a more specific level
 * replaces a wider one's list). Bad values are warnings with the JSON
 * pointer and are ignored; nothing here throws.
 */
import { childPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { Operation } from '../model/api-model.js';
import type { ToolAnnotations } from '../model/tool-model.js';

export const HINT_NAMES = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintName = (typeof HINT_NAMES)[number];
export type HintOverrides = Partial<Record<HintName, boolean>>;

export interface LocatedText {
  value: string;
  /** Where the value is written (file + JSON pointer), for diagnostics. */
  at: SourceLocation;
}

export interface ToolOverrides {
  /** `false`: no tool for this operation; `true`: a tool even when a wider level says `false`. */
  include?: boolean;
  name?: LocatedText;
  title?: LocatedText;
  description?: LocatedText;
  annotations: HintOverrides;
  /** OAuth scopes the tool needs (all of them); unset: the default from its annotations. */
  scopes?: string[];
}

type Level = 'root' | 'path' | 'operation';
const LEVEL_NAMES: Record<Level, string> = { root: 'the document root', path: 'a path item', operation: 'an operation' };
const TEXT_FIELDS = ['name', 'title', 'description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Where each text field may be written. */
const TEXT_LEVELS: Record<TextField, readonly Level[]> = { name: ['operation'], title: ['path', 'operation'], description: ['path', 'operation'] };
const MCP_KEYS = new Set(['include', 'exclude', 'annotations', 'scopes', ...TEXT_FIELDS]);
/** RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

type Report = (code: string, message: string, at: SourceLocation) => void;

function at(base: SourceLocation, ...segments: string[]): SourceLocation {
  return { file: base.file, pointer: childPointer(base.pointer, ...segments) };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Reads one `x-mcp` / `x-speakeasy-mcp` value into `into`. */
function readExtension(key: 'x-mcp' | 'x-speakeasy-mcp', value: unknown, level: Level, where: SourceLocation, into: ToolOverrides, report: Report): void {
  if (typeof value === 'boolean') {
    into.include = value;
    return;
  }
  const node = asRecord(value);
  if (!node) {
    report('extension-invalid', `${key} must be an object or true/false; ignored`, where);
    return;
  }
  const boolean = (field: string): boolean | undefined => {
    const v = node[field];
    if (v === undefined || typeof v === 'boolean') return v;
    report('extension-invalid', `${key}.${field} must be true or false; ignored`, at(where, field));
    return undefined;
  };
  const include = key === 'x-mcp' ? inclusion(boolean('include'), boolean('exclude'), key, where, report) : negate(boolean('disabled'));
  if (include !== undefined) into.include = include;

  for (const field of TEXT_FIELDS) {
    const v = node[field];
    if (v === undefined) continue;
    const fieldAt = at(where, field);
    if (typeof v !== 'string' || v.trim() === '') {
      report('extension-invalid', `${key}.${field} must be a non-empty string; ignored`, fieldAt);
    } else if (!TEXT_LEVELS[field].includes(level)) {
      const allowed = TEXT_LEVELS[field].map((l) => LEVEL_NAMES[l]).join(' or ');
      report('extension-ignored', `${key}.${field} on ${LEVEL_NAMES[level]} is ignored: write it on ${allowed}`, fieldAt);
    } else {
      into[field] = { value: v, at: fieldAt };
    }
  }

  if (node.annotations !== undefined) readHints(key, node.annotations, at(where, 'annotations'), into.annotations, report);
  if (node.scopes !== undefined) {
    const scopes = readScopes(key, node.scopes, at(where, 'scopes'), report);
    if (scopes !== undefined) into.scopes = scopes;
  }
  if (key === 'x-speakeasy-mcp') {
    for (const hint of HINT_NAMES) {
      const v = boolean(hint);
      if (v !== undefined) into.annotations[hint] = v;
    }
  } else {
    for (const field of Object.keys(node)) {
      if (!MCP_KEYS.has(field)) report('extension-unknown-key', `${key}.${field} is not a known key (${[...MCP_KEYS].join(', ')}); ignored`, at(where, field));
    }
  }
}

function negate(value: boolean | undefined): boolean | undefined {
  return value === undefined ? undefined : !value;
}

/** `include` and `exclude` say the same thing in two ways; contradicting each other, both are dropped. */
function inclusion(include: boolean | undefined, exclude: boolean | undefined, key: string, where: SourceLocation, report: Report): boolean | undefined {
  const fromExclude = negate(exclude);
  if (include !== undefined && fromExclude !== undefined && include !== fromExclude) {
    report('extension-invalid', `${key} sets include: ${include} and exclude: ${exclude}; both ignored`, where);
    return undefined;
  }
  return include ?? fromExclude;
}

function readScopes(key: string, value: unknown, where: SourceLocation, report: Report): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every((scope) => typeof scope === 'string' && SCOPE_TOKEN.test(scope))) {
    report('extension-invalid', `${key}.scopes must be a non-empty array of scope names (printable ASCII, no spaces or quotes); ignored`, where);
    return undefined;
  }
  return [...new Set(value as string[])];
}

function readHints(key: string, value: unknown, where: SourceLocation, into: HintOverrides, report: Report): void {
  const node = asRecord(value);
  if (!node) {
    report('extension-invalid', `${key}.annotations must be an object; ignored`, where);
    return;
  }
  for (const field of Object.keys(node)) {
    const v = node[field];
    if (!(HINT_NAMES as readonly string[]).includes(field)) {
      report('extension-unknown-key', `${key}.annotations.${field} is not a hint (${HINT_NAMES.join(', ')}); ignored`, at(where, field));
    } else if (typeof v !== 'boolean') {
      report('extension-invalid', `${key}.annotations.${field} must be true or false; ignored`, at(where, field));
    } else {
      into[field as HintName] = v;
    }
  }
}

/**
 * A reader for one run: `(operation) → overrides` merged over root < path item < operation, with
 * each problem reported once (root and path-item values are shared by many operations).
 */
export function createOverrideReader(diagnostics: DiagnosticBag): (op: Operation) => ToolOverrides {
  const seen = new Set<string>();
  const report: Report = (code, message, where) => {
    const key = `${code}\u0000${where.file}\u0000${where.pointer}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.warn(code, message, where);
  };
  return (op) => {
    const out: ToolOverrides = { annotations: {} };
    const sources = op.extensionSources ?? { root: op.source, path: op.source };
    const levels: [Level, Record<string, unknown>, SourceLocation][] = [
      ['root', op.extensions.root, sources.root],
      ['path', op.extensions.path, sources.path],
      ['operation', op.extensions.operation, op.source],
    ];
    for (const [level, extensions, where] of levels) {
      for (const key of ['x-speakeasy-mcp', 'x-mcp'] as const) {
        if (Object.hasOwn(extensions, key)) readExtension(key, extensions[key], level, at(where, key), out, report);
      }
    }
    return out;
  };
}

/**
 * Hints over the method-derived annotations, field by field. A tool made read-only drops the
 * derived `destructiveHint`/`idempotentHint` (MCP: meaningful only when not read-only) unless the
 * overrides set them too.
 */
export function applyHints(derived: ToolAnnotations, hints: HintOverrides): ToolAnnotations {
  if (Object.keys(hints).length === 0) return derived;
  const merged: ToolAnnotations = { ...derived, ...hints };
  if (hints.readOnlyHint === true && derived.readOnlyHint !== true) {
    if (hints.destructiveHint === undefined) delete merged.destructiveHint;
    if (hints.idempotentHint === undefined) delete merged.idempotentHint;
  }
  // The usual key order (title, then the hints as MCP lists them), whatever was overridden.
  const out: ToolAnnotations = {};
  if (merged.title !== undefined) out.title = merged.title;
  for (const hint of HINT_NAMES) if (merged[hint] !== undefined) out[hint] = merged[hint];
  return out;
}
