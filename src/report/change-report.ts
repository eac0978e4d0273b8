/**
 * What a regeneration changed in the tools a server offers, and which changes break callers.
 *
 * A change *breaks callers* when a call that worked before can now fail or mean something else:
 * - a tool removed (a renamed tool is one removed and one added);
 * - an argument removed (inputSchemas are closed: `additionalProperties: false`);
 * - a new required argument, or an optional argument that became required;
 * - an argument type narrowed: a JSON type it accepted is no longer accepted (`string` → `integer`,
 *   `number` → `integer`, any → `string`); widening (`integer` → `number`, adding `null`) does not break;
 * - an `x-mcp-header` annotation added, removed or renamed (clients mirror the value into an
 *   `Mcp-Param-*` header and the server checks it, so both sides must agree);
 * - the output schema removed (callers reading `structuredContent` lose it);
 * - the toolset changed (its first tag): a server started with `--toolsets <the old one>` no longer
 *   serves the tool.
 * Reported but not breaking: an optional argument added, a required one made optional, a type
 * widened, any other inputSchema change (enum, format, nested properties — the summary keeps only a
 * hash, so these are not judged), an output schema added or changed (a response change cannot be told
 * apart from a widening without the old schema), a new method/path, another request binding,
 * title/description, annotations, the credentials a request carries (`--auth`: callers pass the
 * same arguments; the server needs the new credential set).
 */
import { byCodeUnit } from '../by-code-unit.js';
import { accepts, type ArgumentSummary, type ToolSummaries, type ToolSummary } from './tool-summary.js';

export type ChangeKind =
  | 'argument-added'
  | 'argument-removed'
  | 'argument-required'
  | 'argument-optional'
  | 'argument-type'
  | 'header-added'
  | 'header-removed'
  | 'header-renamed'
  | 'input-schema'
  | 'output-schema-added'
  | 'output-schema-removed'
  | 'output-schema'
  | 'endpoint'
  | 'request-binding'
  | 'credentials'
  | 'description'
  | 'annotations'
  | 'toolset';

export interface Change {
  kind: ChangeKind;
  /** The argument the change is about (argument and header kinds). */
  argument?: string;
  breaking: boolean;
  /** One line for people, e.g. `argument "owner" is now required`. */
  message: string;
}

export interface ToolChange {
  tool: string;
  /** True when any of `changes` breaks callers. */
  breaking: boolean;
  changes: Change[];
}

export interface ChangeReport {
  /** No tool list from an earlier generation was found: every tool counts as added. */
  firstGeneration: boolean;
  /** Tool names, sorted. */
  added: string[];
  removed: string[];
  /** Changed tools, sorted by name. */
  changed: ToolChange[];
  /** True when a tool was removed or any change breaks callers. */
  breaking: boolean;
  /**
   * Removed tools whose method and path exactly one added tool has now: most likely renamed (an
   * operationId changed), still one removed and one added for callers. Absent when none.
   */
  renamed?: { from: string; to: string; endpoint: string }[];
  /** The server's default base URL changed (`null`: the spec names no server any more, or named none). */
  baseUrl?: { before: string | null; after: string | null };
}


/** Compares the tool summaries of the previous generation (`undefined`: none) with the new ones. */
export function diffTools(before: ToolSummaries | undefined, after: ToolSummaries): ChangeReport {
  const old = before ?? new Map<string, ToolSummary>();
  const added = [...after.keys()].filter((name) => !old.has(name)).sort(byCodeUnit);
  const removed = [...old.keys()].filter((name) => !after.has(name)).sort(byCodeUnit);
  const changed: ToolChange[] = [];
  for (const name of [...after.keys()].sort(byCodeUnit)) {
    const was = old.get(name);
    if (was === undefined) continue;
    const changes = diffTool(was, after.get(name)!);
    if (changes.length > 0) changed.push({ tool: name, breaking: changes.some((c) => c.breaking), changes });
  }
  const renamed = renamesOf(removed, added, old, after);
  return {
    firstGeneration: before === undefined,
    added,
    removed,
    changed,
    breaking: removed.length > 0 || changed.some((c) => c.breaking),
    ...(renamed.length > 0 ? { renamed } : {}),
  };
}

function renamesOf(removed: readonly string[], added: readonly string[], before: ToolSummaries, after: ToolSummaries): { from: string; to: string; endpoint: string }[] {
  const endpointOf = (s: ToolSummary | undefined): string | undefined => (s?.method === undefined ? undefined : `${s.method} ${s.path ?? ''}`);
  const renamed: { from: string; to: string; endpoint: string }[] = [];
  for (const from of removed) {
    const endpoint = endpointOf(before.get(from));
    if (endpoint === undefined) continue;
    const candidates = added.filter((name) => endpointOf(after.get(name)) === endpoint);
    if (candidates.length === 1) renamed.push({ from, to: candidates[0]!, endpoint });
  }
  return renamed;
}

/** The changes of one tool: argument by argument in name order, then the tool-level ones. */
export function diffTool(was: ToolSummary, now: ToolSummary): Change[] {
  const changes: Change[] = [];
  const names = [...new Set([...Object.keys(was.arguments), ...Object.keys(now.arguments)])].sort(byCodeUnit);
  for (const name of names) {
    const a = Object.hasOwn(was.arguments, name) ? was.arguments[name] : undefined;
    const b = Object.hasOwn(now.arguments, name) ? now.arguments[name] : undefined;
    changes.push(...diffArgument(name, a, b));
  }
  if (changes.length === 0 && was.input !== now.input) {
    changes.push({ kind: 'input-schema', breaking: false, message: 'input schema changed' });
  }
  if (was.output !== undefined && now.output === undefined) {
    changes.push({ kind: 'output-schema-removed', breaking: true, message: 'output schema removed' });
  } else if (was.output === undefined && now.output !== undefined) {
    changes.push({ kind: 'output-schema-added', breaking: false, message: 'output schema added' });
  } else if (was.output !== now.output) {
    changes.push({ kind: 'output-schema', breaking: false, message: 'output schema changed' });
  }
  const endpoint = (s: ToolSummary): string => (s.method === undefined ? 'handler' : `${s.method} ${s.path ?? ''}`);
  if (endpoint(was) !== endpoint(now)) {
    changes.push({ kind: 'endpoint', breaking: false, message: `endpoint ${endpoint(was)} → ${endpoint(now)}` });
  } else if (was.binding !== now.binding) {
    // The binding's hash holds its credentials: when those changed, that is what to say (whether
    // anything else of the mapping changed as well cannot be told from two hashes).
    if (was.auth !== undefined && now.auth !== undefined && was.auth !== now.auth) {
      changes.push({ kind: 'credentials', breaking: false, message: 'credentials it sends changed' });
    } else if (changes.length === 0) changes.push({ kind: 'request-binding', breaking: false, message: 'request mapping changed' });
  }
  if (was.text !== now.text) changes.push({ kind: 'description', breaking: false, message: 'title or description changed' });
  if (was.hints !== now.hints) changes.push({ kind: 'annotations', breaking: false, message: 'annotations changed' });
  // A manifest from before toolsets were recorded knows none: not a change.
  if (was.toolset !== undefined && now.toolset !== undefined && was.toolset !== now.toolset) {
    const [from, to] = [JSON.stringify(was.toolset), JSON.stringify(now.toolset)];
    changes.push({ kind: 'toolset', breaking: true, message: `toolset ${from} → ${to}: a server started with --toolsets ${from} no longer serves it` });
  }
  return changes;
}

function diffArgument(name: string, a: ArgumentSummary | undefined, b: ArgumentSummary | undefined): Change[] {
  const q = JSON.stringify(name);
  if (a === undefined && b === undefined) return [];
  if (a === undefined) {
    const b1 = b!;
    return [
      b1.required
        ? { kind: 'argument-added', argument: name, breaking: true, message: `new required argument ${q}` }
        : { kind: 'argument-added', argument: name, breaking: false, message: `new optional argument ${q}` },
    ];
  }
  if (b === undefined) return [{ kind: 'argument-removed', argument: name, breaking: true, message: `argument ${q} removed` }];
  const changes: Change[] = [];
  if (!a.required && b.required) changes.push({ kind: 'argument-required', argument: name, breaking: true, message: `argument ${q} is now required` });
  if (a.required && !b.required) changes.push({ kind: 'argument-optional', argument: name, breaking: false, message: `argument ${q} is now optional` });
  if (typeText(a.type) !== typeText(b.type)) {
    const narrowed = (a.type.length === 0 ? ['any'] : a.type).some((t) => t === 'any' ? b.type.length > 0 : !accepts(b.type, t));
    changes.push({
      kind: 'argument-type',
      argument: name,
      breaking: narrowed,
      message: `argument ${q} type ${typeText(a.type)} → ${typeText(b.type)}`,
    });
  }
  if (a.header !== b.header) {
    if (a.header === undefined) changes.push({ kind: 'header-added', argument: name, breaking: true, message: `argument ${q} now has x-mcp-header ${b.header!}` });
    else if (b.header === undefined) changes.push({ kind: 'header-removed', argument: name, breaking: true, message: `argument ${q} lost x-mcp-header ${a.header}` });
    else changes.push({ kind: 'header-renamed', argument: name, breaking: true, message: `argument ${q} x-mcp-header ${a.header} → ${b.header}` });
  }
  return changes;
}

function typeText(types: readonly string[]): string {
  return types.length === 0 ? 'any' : types.join('|');
}
