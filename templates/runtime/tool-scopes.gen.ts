/**
 * Scopes: which tools a caller may use. Each tool needs a set of scopes (all of them): those the
 * spec gives (`x-mcp.scopes`, `x-speakeasy-mcp.scopes`), else `read` for a read-only tool,
 * `destructive` for a destructive one and `write` for the others.
 *
 * - At start, `--scopes read,write` (or `<PREFIX>MCP_SCOPES`) keeps only the tools whose scopes are
 *   all in that list ({@link selectByScopes}).
 * - With OAuth, each request's token decides too: `tools/list` shows the tools its scopes allow
 *   (the 2026-07-28 tools page lets the list vary by authorization; the pages are then
 *   `cacheScope: private`), and a `tools/call` of another tool is answered 403
 *   `insufficient_scope` naming the scopes it needs ({@link scopeChallengeFor}, through the SDK's
 *   scope challenge). Requests without token info (a static bearer token, stdio) are not
 *   limited here: the endpoint hands on `authInfo` for OAuth tokens only.
 * - Dynamic mode applies the same rules to search_tools, describe_tools and call_tool
 *   (dynamic-scopes.gen.ts).
 */
import type { AuthInfo, ListToolsResult, ScopeChallenge, ScopeChallengeHandler } from '@modelcontextprotocol/server';
import { buildListPages, listPageOf, type CompiledTool, type ToolTable } from './tool-table.gen.js';
import type { ToolEntry } from './types.gen.js';

export const READ_SCOPE = 'read';
export const WRITE_SCOPE = 'write';
export const DESTRUCTIVE_SCOPE = 'destructive';
/** Distinct scope sets whose tools/list pages are kept (each a few objects per page). */
const MAX_CACHED_SCOPE_SETS = 32;

/** The scopes a tool needs: its own, else the default from its annotations. */
export function toolScopes(entry: ToolEntry): readonly string[] {
  if (entry.scopes !== undefined && entry.scopes.length > 0) return entry.scopes;
  const hints = entry.definition.annotations;
  if (hints?.readOnlyHint === true) return [READ_SCOPE];
  if (hints?.destructiveHint === true) return [DESTRUCTIVE_SCOPE];
  return [WRITE_SCOPE];
}

export function allowedBy(entry: ToolEntry, granted: ReadonlySet<string>): boolean {
  return toolScopes(entry).every((scope) => granted.has(scope));
}

/** Every scope some tool needs, sorted. */
export function scopesOf(entries: readonly ToolEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => toolScopes(entry)))].sort();
}

/** `--scopes a,b`: the list, or an error naming a scope no tool needs. */
export function parseScopes(text: string, entries: readonly ToolEntry[]): { scopes: string[] } | { error: string } {
  const scopes = [...new Set(text.split(/[\s,]+/).filter((scope) => scope !== ''))];
  if (scopes.length === 0) return { error: 'needs at least one scope' };
  const known = new Set(scopesOf(entries));
  const unknown = scopes.filter((scope) => !known.has(scope));
  if (unknown.length > 0) {
    const list = [...known].map((scope) => JSON.stringify(scope)).join(', ') || 'none';
    return { error: `no tool needs scope ${unknown.map((scope) => JSON.stringify(printable(scope))).join(', ')} (the scopes of this server: ${list})` };
  }
  return { scopes };
}

/** The tools whose scopes are all in `scopes` (`undefined`: every tool), order kept. */
export function selectByScopes<T extends ToolEntry>(entries: readonly T[], scopes: readonly string[] | undefined): readonly T[] {
  if (scopes === undefined) return entries;
  const granted = new Set(scopes);
  return entries.filter((entry) => allowedBy(entry, granted));
}

/** For `registerTool`: refuses a call when the request's OAuth token lacks the tool's scopes. */
export function scopeChallengeFor(entry: ToolEntry): ScopeChallengeHandler {
  const needed = toolScopes(entry);
  return ({ authInfo }) => missingScopes(needed, authInfo);
}

/**
 * The 403 `insufficient_scope` challenge naming `needed` when the token lacks one of them;
 * `undefined` without token info or when it has them all.
 */
export function missingScopes(needed: readonly string[], authInfo: AuthInfo | undefined): ScopeChallenge | undefined {
  if (authInfo === undefined) return undefined;
  const granted = new Set(authInfo.scopes);
  if (needed.every((scope) => granted.has(scope))) return undefined;
  return { scopes: needed as [string, ...string[]], errorDescription: `This tool needs the scope ${needed.join(' ')}` };
}

/**
 * What each distinct set of granted scopes sees, built on first use by `build` and kept (up to
 * {@link MAX_CACHED_SCOPE_SETS} sets). Only the scopes in `known` count: a token's other scopes
 * change nothing, so they make no new entry.
 */
export function perScopeSet<T>(known: ReadonlySet<string>, build: (granted: ReadonlySet<string>) => T): (authInfo: AuthInfo) => T {
  const cache = new Map<string, T>();
  return (authInfo) => {
    const granted = [...new Set(authInfo.scopes)].filter((scope) => known.has(scope)).sort();
    const key = granted.join(' ');
    let value = cache.get(key);
    if (value === undefined) {
      value = build(new Set(granted));
      if (cache.size >= MAX_CACHED_SCOPE_SETS) cache.delete(cache.keys().next().value!);
      cache.set(key, value);
    }
    return value;
  };
}

/**
 * tools/list for a request: the whole table without OAuth token info, else the tools the token's
 * scopes allow (pages built on first use per distinct scope set, and kept).
 */
export function createScopedLists(table: ToolTable): (authInfo: AuthInfo | undefined, cursor: string | undefined) => ListToolsResult {
  const pagesFor = perScopeSet(new Set(scopesOf(table.all.map((tool) => tool.entry))), (granted) => {
    const tools: CompiledTool[] = table.all.filter((tool) => allowedBy(tool.entry, granted));
    return buildListPages(tools, { pageSize: table.pageSize, maxPageBytes: table.maxPageBytes, ttlMs: table.listTtlMs, cacheScope: 'private' });
  });
  return (authInfo, cursor) => (authInfo === undefined ? table.listPage(cursor) : listPageOf(pagesFor(authInfo), cursor));
}

function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
