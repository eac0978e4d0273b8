/**
 * Which operations become tools: include/exclude by operation pattern and by tag.
 *
 * An operation is kept when it matches some include pattern or include tag (or there is no
 * include at all) and matches no exclude pattern and no exclude tag. Excludes win over includes.
 *
 * Operation patterns:
 * - `METHOD /path`: method case-insensitive (`get`, `GET`), `*` any method; the path is a glob over
 *   the path template exactly as the spec writes it (`/pets/{petId}`, case-sensitive). `*` matches
 *   any run of characters except `/` (within one segment: `/users/*`, `/pets*`);
 *   `**` matches across segments, and a whole `/**` segment also matches nothing (`/repos/**`
 *   matches `/repos`, `/repos/x` and `/repos/x/y`). A path of `*` or `**` alone means any path.
 * - `/path` alone: that path glob with any method.
 * - anything else: an operationId, compared exactly (case-sensitive), with the same `*` and `**`
 *   (`repos/*` matches GitHub's `repos/get`).
 * Nothing else is special: `?`, braces and brackets are literal.
 *
 * A pattern or tag that matches no operation is a warning, so a typo never silently keeps or drops
 * everything. Hand-written instead of a glob library: the syntax is this small (two wildcards, no
 * classes, braces or negation), and picomatch would need path-template braces escaped.
 */
import { DiagnosticBag, UserError } from '../diagnostics.js';
import { HTTP_METHODS, type HttpMethod } from '../model/api-model.js';
import { sanitizeToolName } from './tool-name.js';

export interface SelectionOptions {
  include?: readonly string[];
  exclude?: readonly string[];
  includeTags?: readonly string[];
  excludeTags?: readonly string[];
}

/** What selection needs of an operation. */
export interface SelectableOperation {
  method: HttpMethod;
  path: string;
  operationId?: string;
  tags: readonly string[];
}

export type OperationPattern =
  | { kind: 'route'; text: string; method: HttpMethod | '*'; path: RegExp }
  | { kind: 'operationId'; text: string; id: RegExp };

const REGEX_SPECIAL = /[\\^$.|?+()[\]{}]/;

/** A glob (see the module comment) as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; ) {
    if (glob.startsWith('/**', i) && (i + 3 === glob.length || glob[i + 3] === '/')) {
      source += '(?:/.*)?';
      i += 3;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 2;
    } else if (glob[i] === '*') {
      source += '[^/]*';
      i += 1;
    } else {
      const ch = glob[i]!;
      source += REGEX_SPECIAL.test(ch) ? `\\${ch}` : ch;
      i += 1;
    }
  }
  return new RegExp(`^${source}$`, 's');
}

/** Parses one operation pattern; throws a {@link UserError} naming the pattern when it cannot mean anything. */
export function parseOperationPattern(text: string, role = 'pattern'): OperationPattern {
  const fail = (why: string): never => {
    throw new UserError(`${role} "${text}": ${why}`);
  };
  const trimmed = text.trim();
  if (trimmed === '') fail('empty');
  const space = trimmed.search(/\s/);
  if (space === -1) {
    if (trimmed.startsWith('/')) return { kind: 'route', text, method: '*', path: globToRegExp(trimmed) };
    return { kind: 'operationId', text, id: globToRegExp(trimmed) };
  }
  const word = trimmed.slice(0, space);
  const path = trimmed.slice(space).trim();
  const lower = word.toLowerCase();
  const method = lower === '*' ? '*' : HTTP_METHODS.find((m) => m === lower);
  if (method === undefined) fail(`unknown method "${word}" (use ${HTTP_METHODS.map((m) => m.toUpperCase()).join(', ')} or *)`);
  if (path === '*' || path === '**') return { kind: 'route', text, method: method!, path: /^/ };
  if (!path.startsWith('/')) fail('the path must start with / (or be * for any path)');
  if (/\s/.test(path)) fail('write one METHOD and one path, separated by a space');
  return { kind: 'route', text, method: method!, path: globToRegExp(path) };
}

export function matchesOperation(pattern: OperationPattern, op: SelectableOperation): boolean {
  if (pattern.kind === 'operationId') return op.operationId !== undefined && pattern.id.test(op.operationId);
  return (pattern.method === '*' || pattern.method === op.method) && pattern.path.test(op.path);
}

/** True when the options select anything at all (an empty selection keeps every operation). */
export function hasSelection(options: SelectionOptions): boolean {
  return [options.include, options.exclude, options.includeTags, options.excludeTags].some((list) => list !== undefined && list.length > 0);
}

interface Rule {
  role: 'include pattern' | 'exclude pattern' | 'include tag' | 'exclude tag';
  text: string;
  test: (op: SelectableOperation) => boolean;
  hits: number;
}

function rules(role: 'include' | 'exclude', patterns: readonly string[] = [], tags: readonly string[] = []): Rule[] {
  const out: Rule[] = [];
  for (const text of patterns) {
    const pattern = parseOperationPattern(text, `${role} pattern`);
    out.push({ role: `${role} pattern`, text, test: (op) => matchesOperation(pattern, op), hits: 0 });
  }
  for (const tag of tags) {
    if (tag === '') throw new UserError(`${role} tag: empty`);
    out.push({ role: `${role} tag`, text: tag, test: (op) => op.tags.includes(tag), hits: 0 });
  }
  return out;
}

/** Counts every rule an operation matches (not just the first, so no rule is wrongly reported unused). */
function matchAny(list: Rule[], op: SelectableOperation): boolean {
  let any = false;
  for (const rule of list) {
    if (rule.test(op)) {
      rule.hits += 1;
      any = true;
    }
  }
  return any;
}

/**
 * The operations the options keep, in their order. `dropped` are operations something earlier
 * (the spec's `x-mcp` extensions) already left out: a pattern matching only those gets a warning
 * saying so. Throws a {@link UserError} for a pattern that cannot mean anything; warns about each
 * pattern or tag that matches nothing and when nothing is left.
 */
export function selectOperations<T extends SelectableOperation>(
  operations: readonly T[],
  options: SelectionOptions,
  diagnostics: DiagnosticBag,
  dropped: readonly SelectableOperation[] = [],
): T[] {
  if (!hasSelection(options)) return [...operations];
  const include = rules('include', options.include, options.includeTags);
  const exclude = rules('exclude', options.exclude, options.excludeTags);
  const kept: T[] = [];
  for (const op of operations) {
    const included = matchAny(include, op) || include.length === 0;
    const excluded = matchAny(exclude, op);
    if (included && !excluded) kept.push(op);
  }
  for (const rule of [...include, ...exclude]) {
    if (rule.hits === 0) diagnostics.warn('selection-unmatched', `${rule.role} "${rule.text}" matches no operation${unmatchedHint(rule, operations, dropped)}`);
  }
  if (kept.length === 0 && operations.length > 0) {
    diagnostics.warn('selection-empty', `the selection keeps none of the ${operations.length} operation${operations.length === 1 ? '' : 's'}: no tools`);
  }
  return kept;
}

const MAX_LISTED_TAGS = 10;

function unmatchedHint(rule: Rule, operations: readonly SelectableOperation[], dropped: readonly SelectableOperation[]): string {
  if (dropped.some(rule.test)) return ' the x-mcp or x-speakeasy-mcp extensions keep (it matches only operations they leave out)';
  if (rule.role.endsWith('tag')) {
    const tags = [...new Set(operations.flatMap((op) => op.tags))].sort();
    if (tags.length === 0) return ' (no operation has tags)';
    const listed = tags.slice(0, MAX_LISTED_TAGS).map((t) => JSON.stringify(t)).join(', ');
    return ` (tags: ${listed}${tags.length > MAX_LISTED_TAGS ? ', …' : ''})`;
  }
  if (!rule.text.includes(' ') && !rule.text.startsWith('/')) {
    // People copy tool names from `tools`; point them at the operationId behind one.
    const similar = operations.find(
      (op) => op.operationId !== undefined && (sanitizeToolName(op.operationId, 'portable') === rule.text || sanitizeToolName(op.operationId, 'spec') === rule.text),
    );
    if (similar) return ` (patterns match operationIds: did you mean "${similar.operationId}"?)`;
  }
  return '';
}
