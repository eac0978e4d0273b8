/**
 * Dynamic mode (`--tools-mode dynamic`): tools/list returns exactly three tools, whatever the size
 * of the API, and the model finds and runs the others through them (names and shapes are pinned):
 *
 * - `search_tools { query, limit? = 10 (≤ 50), toolset? }` → `{ tools: [{ name, title?, description, toolset? }] }`,
 *   best match first (the offline index of search-core.gen.ts, stored in the package's data);
 * - `describe_tools { names }` → `{ tools: Tool[] }`, each exactly as static mode lists it;
 * - `call_tool { name, arguments }` → the result static mode gives for that call: the same input
 *   validation and message, the same tool caller; an unknown name is an isError naming close matches.
 *
 * Only the selected tools (tool-selection.gen.ts) can be found, described and called, and with
 * OAuth only those the request's token scopes allow (dynamic-scopes.gen.ts). The tool
 * schemas are not needed to answer tools/list or search_tools: `served()` loads them on the first
 * describe_tools or call_tool, and the search index (Microsoft Graph's: 4.8 MB, ~80 MB of RSS)
 * loads after the first tools/list is answered (`warm`), and so do the catalog's tools (2.8 MB:
 * that answer needs only the toolsets and their counts, data/tools/toolsets.json), and so are the
 * three tools' own validators compiled (Ajv). Microsoft Graph's first tools/list waits only for
 * Node, the SDK and the runtime (bench/server.mjs --msgraph).
 */
import {
  McpServer,
  type CacheScope,
  type CallToolResult,
  type InputRequiredResult,
  type McpServerFactory,
  type ScopeChallengeHandler,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import type { AnyToolCaller } from './call-tool.gen.js';
import { callToolScopeChallenge, createDynamicViews, unknownToolset, visibleNames, visibleToolsets, type DynamicView, type VisibleNames } from './dynamic-scopes.gen.js';
import type { ToolCatalogData } from './search-core.gen.js';
import { DISCOVER_TTL_MS, runTool, serverInfo, type Logger, type ServerFactoryOptions } from './server.gen.js';
import { toolsetIndex } from './tool-selection.gen.js';
import { DEFAULT_LIST_TTL_MS, lazySchema, listed, type JsonObject, type LazySchema, type ToolTable } from './tool-table.gen.js';
import type { ApiConfig, JsonSchemaObject } from './types.gen.js';

import { CALL_TOOL, DEFAULT_SEARCH_LIMIT, dynamicToolList } from './dynamic-list.gen.js';
export { apiPhrase, CALL_TOOL, DEFAULT_SEARCH_LIMIT, DESCRIBE_TOOLS, dynamicToolList, MAX_SEARCH_LIMIT, SEARCH_TOOLS, toolsetLines } from './dynamic-list.gen.js';

/** The selected tools, loaded on first use: their table (schemas, validators) and caller. */
export interface ServedTools {
  readonly table: ToolTable;
  readonly callTool: AnyToolCaller;
}

export interface DynamicSurface {
  readonly config: ApiConfig;
  /** Every tool of the package (names as served: after the user's overrides). */
  readonly catalog: ToolCatalogData;
  /** Positions in `catalog.tools` of the selected tools, in order. */
  readonly positions: readonly number[];
  /** Tool positions best match first; `allowed` limits them. */
  readonly search: (query: string, limit: number, allowed: (position: number) => boolean) => Promise<number[]>;
  /** Starts loading what search_tools needs (idempotent); called after every tools/list answer. */
  readonly warm?: () => void;
  readonly served: () => Promise<ServedTools>;
  /**
   * The scopes the tool at a position needs (tool-scopes.gen.ts): requests with OAuth token info
   * then see and call only the tools their scopes allow; without it such requests see none.
   */
  readonly scopes?: (position: number) => readonly string[];
  /** `cacheScope` of the tools/list answer without token info; default `public`. */
  readonly cacheScope?: CacheScope;
  readonly log: Logger;
  /** Human in the loop, as in static mode (server.gen.ts). */
  readonly gate?: ServerFactoryOptions['gate'];
  /** The user's `extendServer` hook, as in static mode. */
  readonly extend?: ServerFactoryOptions['extend'];
}

/** What a meta-tool's handler gets besides its arguments: the request's view and where names are. */
interface Call {
  readonly ctx: ServerContext;
  readonly server: McpServer;
  readonly view: DynamicView;
}

type Handler = (args: JsonObject, call: Call) => Promise<CallToolResult | InputRequiredResult>;

interface MetaTool {
  readonly tool: Tool;
  /** Compiled on first use (Ajv: ~20-40 ms for the first schema of a process), not before the first tools/list. */
  readonly input: LazySchema<JsonObject>;
  readonly output?: LazySchema<JsonObject>;
  readonly handler: Handler;
}

export function createDynamicServerFactory(surface: DynamicSurface): McpServerFactory {
  const info = serverInfo(surface.config);
  const { catalog } = surface;
  // By name: built on first use (a search, describe or call, or right after the first tools/list), so
  // that answer does not wait for the catalog's tools (catalog.gen.ts parses them on first access).
  let byName: ReadonlyMap<string, number> | undefined;
  const positionOf = (): ReadonlyMap<string, number> => (byName ??= new Map(surface.positions.map((i) => [catalog.tools[i]!.name, i])));
  // Built once for the start selection (search_tools' description lists its toolsets): the handlers' and the unscoped page's.
  const listedTools = dynamicToolList(surface.config, catalog, surface.positions);
  const tools = metaTools(surface, listedTools, positionOf);
  const views = createDynamicViews({
    positions: surface.positions,
    ...(surface.scopes !== undefined ? { scopes: surface.scopes } : {}),
    page: (positions, scoped) => ({
      tools: positions === surface.positions ? listedTools : dynamicToolList(surface.config, catalog, positions),
      ttlMs: DEFAULT_LIST_TTL_MS,
      cacheScope: scoped ? 'private' : (surface.cacheScope ?? 'public'),
    }),
  });
  let scopeChallenge: ScopeChallengeHandler | undefined;
  const challenge: ScopeChallengeHandler = (request) => (scopeChallenge ??= callToolScopeChallenge(positionOf(), surface.scopes))(request);
  const warmed = (): void => {
    positionOf();
    for (const meta of tools) {
      meta.input.compile();
      meta.output?.compile();
    }
    surface.warm?.();
  };
  return (ctx) => {
    const view = views(ctx?.authInfo);
    const server = new McpServer(info, {
      capabilities: { tools: { listChanged: false } },
      cacheHints: { 'server/discover': { ttlMs: DISCOVER_TTL_MS, cacheScope: 'public' } },
      ...(surface.gate !== undefined ? { requestState: { verify: surface.gate.state.verify } } : {}),
    });
    for (const meta of tools) {
      const { name, description, annotations } = meta.tool;
      server.registerTool(
        name,
        {
          description: description ?? '',
          inputSchema: meta.input.schema,
          ...(meta.output !== undefined ? { outputSchema: meta.output.schema } : {}),
          ...(annotations !== undefined ? { annotations } : {}),
          ...(view.scoped && name === CALL_TOOL ? { scopeChallenge: challenge } : {}),
        },
        (args, ctx) => meta.handler(args, { ctx, server, view }),
      );
    }
    server.server.setRequestHandler('tools/list', () => {
      setImmediate(warmed); // after this answer is on its way
      return view.page;
    });
    surface.extend?.(server);
    return server;
  };
}

/** The three tools with their handlers. */
function metaTools(surface: DynamicSurface, listedTools: readonly Tool[], positionOf: () => ReadonlyMap<string, number>): MetaTool[] {
  const [search, describe, call] = listedTools;
  const make = (tool: Tool, handler: Handler, withOutput: boolean): MetaTool => ({
    tool,
    input: lazySchema<JsonObject>(tool.name, 'inputSchema', tool.inputSchema as JsonSchemaObject),
    ...(withOutput && tool.outputSchema !== undefined ? { output: lazySchema<JsonObject>(tool.name, 'outputSchema', tool.outputSchema as JsonSchemaObject) } : {}),
    handler,
  });
  let visible: VisibleNames | undefined;
  const names = (): VisibleNames => (visible ??= visibleNames(surface.catalog, positionOf()));
  return [
    make(search!, async (args, { view }) => searchTools(surface, view, args), true),
    make(describe!, async (args, { view }) => describeTools(surface, names(), view, args), true),
    make(call!, async (args, c) => callTool(surface, names(), args, c), false),
  ];
}

async function searchTools(surface: DynamicSurface, view: DynamicView, args: JsonObject): Promise<CallToolResult> {
  const { catalog } = surface;
  const query = args.query as string;
  const limit = (args.limit as number | undefined) ?? DEFAULT_SEARCH_LIMIT;
  const { visible } = view;
  let allowed = (position: number): boolean => visible.has(position);
  if (typeof args.toolset === 'string') {
    // A toolset none of whose tools this request may see is answered as one that does not exist.
    const sets = visibleToolsets(catalog, view);
    const set = toolsetIndex(catalog, args.toolset, sets);
    if (set === undefined) return failure(unknownToolset(args.toolset, [...sets].map((i) => catalog.toolsets[i]!.name)));
    allowed = (position) => visible.has(position) && catalog.tools[position]!.toolset === set;
  }
  const tools = (await surface.search(query, limit, allowed)).map((i) => {
    const tool = catalog.tools[i]!;
    return { name: tool.name, ...(tool.title !== undefined ? { title: tool.title } : {}), description: tool.summary, toolset: catalog.toolsets[tool.toolset]!.name };
  });
  const text = tools.length === 0 ? 'No tool matches; try other words.' : tools.map((t) => `${t.name}: ${t.description}`).join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { tools } };
}

async function describeTools(surface: DynamicSurface, names: VisibleNames, view: DynamicView, args: JsonObject): Promise<CallToolResult> {
  const { table } = await surface.served();
  // A name asked for twice is described once, where it first stands.
  const wanted = [...new Set(args.names as string[])];
  const missing = wanted.filter((name) => !names.has(name, view) || !table.byName.has(name));
  if (missing.length > 0) return failure(missing.map((name) => names.unknown(name, view)).join('\n'));
  const tools = wanted.map((name) => listed(table.byName.get(name)!.entry));
  const text = JSON.stringify({ tools });
  // One answer holds as much as one tools/list page (at least one tool): Microsoft Graph's 11,422
  // definitions at once would be ~30 MB, past the 10 MB a stdio client reads in one message.
  const bytes = Buffer.byteLength(text);
  if (tools.length > 1 && bytes > table.maxPageBytes) {
    return failure(`The ${tools.length} tools asked for take ${megabytes(bytes)} of definitions, more than one answer may hold (${megabytes(table.maxPageBytes)}); ask for fewer names at a time.`);
  }
  return { content: [{ type: 'text', text }], structuredContent: { tools } };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * What the SDK's tools/call does for a tool registered in static mode (McpServer of
 * @modelcontextprotocol/server 2.4.0: validateToolInput against `accepts`, with the same message,
 * then runTool of server.gen.ts); test/e2e/tool-selection.e2e.test.ts compares both modes call by call.
 */
async function callTool(surface: DynamicSurface, names: VisibleNames, args: JsonObject, { ctx, server, view }: Call): Promise<CallToolResult | InputRequiredResult> {
  const { table, callTool: call } = await surface.served();
  const name = args.name as string;
  const tool = names.has(name, view) ? table.byName.get(name) : undefined;
  if (tool === undefined) return failure(names.unknown(name, view));
  const checked = await tool.accepts['~standard'].validate(args.arguments ?? {});
  if (checked.issues !== undefined && checked.issues.length > 0) {
    const reasons = checked.issues.map((issue) => {
      const path = issue.path?.map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
      return path === undefined || path === '' ? issue.message : `${path}: ${issue.message}`;
    });
    return failure(`Input validation error: Invalid arguments for tool ${name}: ${reasons.join(', ')}`);
  }
  return runTool(server, tool, (checked as { value: JsonObject }).value, ctx, call, surface.log, surface.gate);
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
