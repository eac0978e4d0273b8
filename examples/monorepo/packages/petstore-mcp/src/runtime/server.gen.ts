/**
 * The per-request MCP server factory. The SDK calls it once per HTTP request (and once per stdio
 * connection, plus once for a discarded `server/discover` probe). Its cost must not grow with the
 * number of tools, so it only reuses what the tool table built at start-up and registers just the
 * tools this request needs:
 *
 * - modern HTTP (2026-07-28): the SDK has already checked `Mcp-Method` / `Mcp-Name` against the body
 *   before calling the factory, so the headers are trusted; a `tools/call` registers the one tool
 *   it names, anything else registers none.
 * - 2025-era HTTP (stateless legacy leg): no Mcp-* headers, so a clone of the body is peeked at.
 * - stdio: one instance serves the whole connection, so every tool is registered (once per
 *   connection; cheap, as the validator objects already exist and compile on first use).
 *
 * The called tool MUST be registered with `registerTool`: the SDK validates arguments and every
 * `Mcp-Param-*` header only for tools registered on the per-request McpServer (spike pitfall P4).
 * `outputSchema` is deliberately not passed to `registerTool`: the SDK would turn any upstream
 * response that drifts from the schema into an error. It is advertised through our own tools/list
 * handler instead, and the tool caller applies the mismatch policy with the table's validators.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  McpServer,
  type CallToolResult,
  type ClientCapabilities,
  type AuthInfo,
  type Implementation,
  type McpRequestContext,
  type McpServerFactory,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AnyToolCaller } from './call-tool.gen.js';
import type { Continuation, InputGate } from './input-gate.gen.js';
import type { StateCodec } from './request-state.gen.js';
import { createScopedLists, scopeChallengeFor } from './tool-scopes.gen.js';
import type { CompiledTool, JsonObject, ToolTable } from './tool-table.gen.js';
import type { ApiConfig } from './types.gen.js';

/** How long a client may cache `server/discover` (identity and capabilities are fixed per process). */
export const DISCOVER_TTL_MS = 3_600_000;

/** Writes one line to stderr (stdout belongs to the stdio transport). */
export type Logger = (line: string) => void;

export interface ServerFactoryOptions {
  /** Where unexpected tool-caller failures are reported; default: stderr. Never gets arguments. */
  readonly log?: Logger;
  /**
   * Human in the loop (input-gate.gen.ts): asks for missing arguments and confirmations with
   * `input_required` before a call runs. Needs `state`, which seals and verifies `requestState`.
   */
  readonly gate?: { readonly gate: InputGate; readonly state: StateCodec };
  /**
   * The user's `extendServer` hook (hooks.gen.ts): registers prompts or resources of its own on each
   * server instance, after the tools. Their handlers may answer `input_required` too.
   */
  readonly extend?: (server: McpServer) => void;
  /**
   * Requests carrying OAuth token info (`ctx.authInfo`) see and call only the tools their scopes
   * allow (tool-scopes.gen.ts). Default true; without token info nothing changes.
   */
  readonly tokenScopes?: boolean;
}

/**
 * `callTool` performs one call against the upstream (`createToolCaller` in call-tool.gen.ts); it
 * gets the request's abort signal and must turn upstream failures into isError results itself.
 */
export function createServerFactory(
  config: ApiConfig,
  table: ToolTable,
  callTool: AnyToolCaller,
  options: ServerFactoryOptions = {},
): McpServerFactory {
  const info = serverInfo(config);
  const log = options.log ?? logToStderr;
  const scoped = options.tokenScopes === false ? undefined : createScopedLists(table);
  return async (ctx) => {
    const tools = await toolsNeededFor(table, ctx);
    const authInfo = scoped === undefined ? undefined : ctx?.authInfo;
    const server = newServer(info, table, tools, callTool, log, options.gate, authInfo === undefined ? undefined : { authInfo, lists: scoped! });
    options.extend?.(server);
    return server;
  };
}

/** The token of the request being served and the per-scope tools/list pages. */
interface TokenScope {
  readonly authInfo: AuthInfo;
  readonly lists: ReturnType<typeof createScopedLists>;
}

export function serverInfo(config: ApiConfig): Implementation {
  return {
    name: config.name,
    version: config.version,
    title: config.title,
    ...(config.description !== undefined ? { description: config.description } : {}),
  };
}

/**
 * The key under which the HTTP adapter (http-node-adapter.gen.ts) leaves the request body it has
 * already parsed on the request, which then carries no body of its own (the SDK gets the value as
 * `parsedBody`).
 */
export const PARSED_BODY: unique symbol = Symbol('openapi-mcp.parsedBody');

/** Which tools the instance serving this request needs registered. */
export async function toolsNeededFor(
  table: ToolTable,
  ctx: McpRequestContext | undefined,
): Promise<readonly CompiledTool[]> {
  const request = ctx?.requestInfo;
  if (request === undefined) return table.all; // stdio: one instance per connection
  if (ctx?.era === 'modern') {
    if (request.headers.get('mcp-method') !== 'tools/call') return [];
    const header = request.headers.get('mcp-name');
    const name = header === null ? undefined : decodeMcpName(header);
    return oneTool(table, name);
  }
  // 2025 era: the body the HTTP adapter parsed, else a peek at a clone (the SDK reads the original).
  let message: unknown;
  if (PARSED_BODY in request) message = (request as Request & { [PARSED_BODY]: unknown })[PARSED_BODY];
  else {
    try {
      message = await request.clone().json();
    } catch {
      return table.all; // unreadable here: let the SDK answer with everything registered
    }
  }
  if (Array.isArray(message)) return table.all; // 2025-03-26 JSON-RPC batch
  if (typeof message !== 'object' || message === null) return [];
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } | null };
  if (method !== 'tools/call') return [];
  return oneTool(table, typeof params?.name === 'string' ? params.name : undefined);
}

/**
 * Decodes an `Mcp-Name` header value: surrounding whitespace removed, and the `=?base64?…?=`
 * sentinel form decoded as UTF-8 (SEP-2243). `undefined` when the sentinel payload is not
 * canonical base64 or not UTF-8 (the SDK has already rejected such requests).
 */
export function decodeMcpName(raw: string): string | undefined {
  const value = raw.trim();
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const payload = value.slice('=?base64?'.length, -'?='.length);
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(payload)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(payload, 'base64'));
  } catch {
    return undefined;
  }
}

function oneTool(table: ToolTable, name: string | undefined): readonly CompiledTool[] {
  const tool = name === undefined ? undefined : table.byName.get(name);
  return tool === undefined ? [] : [tool]; // unknown: the SDK answers "Tool … not found"
}

function newServer(
  info: Implementation,
  table: ToolTable,
  tools: readonly CompiledTool[],
  callTool: AnyToolCaller,
  log: Logger,
  gating: ServerFactoryOptions['gate'],
  token: TokenScope | undefined,
): McpServer {
  const server = new McpServer(info, {
    // Declared in the constructor so McpServer installs its tools handlers now; otherwise the
    // tools/list override below throws "Server does not support tools" (spike pitfall P3).
    capabilities: { tools: { listChanged: false } },
    cacheHints: { 'server/discover': { ttlMs: DISCOVER_TTL_MS, cacheScope: 'public' } },
    // Tampered, expired or foreign requestState: the SDK answers -32602 before any handler runs.
    ...(gating !== undefined ? { requestState: { verify: gating.state.verify } } : {}),
  });
  for (const tool of tools) {
    const { entry } = tool;
    const { name, title, description, annotations } = entry.definition;
    server.registerTool(
      name,
      {
        ...(title !== undefined ? { title } : {}),
        description,
        inputSchema: tool.accepts,
        ...(annotations !== undefined ? { annotations } : {}),
        ...(token !== undefined ? { scopeChallenge: scopeChallengeFor(entry) } : {}),
      },
      (args, ctx) => runTool(server, tool, args, ctx, callTool, log, gating),
    );
  }
  // Pre-rendered pages (with their own ttlMs/cacheScope) instead of the SDK's unpaginated list.
  server.server.setRequestHandler('tools/list', (request) =>
    token === undefined ? table.listPage(request.params?.cursor) : token.lists(token.authInfo, request.params?.cursor),
  );
  return server;
}

/**
 * One call of a tool whose arguments passed `tool.accepts`: the input gate (when configured), then
 * the tool caller. Shared by static mode's registered tools and dynamic mode's call_tool, so both
 * answer a call alike.
 */
export async function runTool(
  server: McpServer,
  tool: CompiledTool,
  args: JsonObject,
  ctx: ServerContext,
  callTool: AnyToolCaller,
  log: Logger,
  gating: ServerFactoryOptions['gate'],
): Promise<CallToolResult | InputRequiredResult> {
  const { entry } = tool;
  const { name } = entry.definition;
  let callArgs = args;
  let continuation: Continuation | undefined;
  if (gating !== undefined) {
    // 2026-07-28: the request's own declared capabilities; 2025 era: the initialize handshake's.
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities();
    const outcome = await gating.gate(tool, args, ctx, capabilities);
    if ('result' in outcome) return outcome.result;
    callArgs = outcome.args;
    continuation = outcome.continuation;
  }
  try {
    return await callTool(entry, callArgs, ctx.mcpReq.signal, ctx, continuation);
  } catch (error) {
    // The caller turns upstream failures into isError results itself; reaching this is a bug.
    // Its message may carry request details, so neither the log nor the client sees it.
    log(`tool ${name} failed unexpectedly: ${describeError(error)}`);
    return { content: [{ type: 'text', text: `Internal error while calling ${name}.` }], isError: true };
  }
}

/**
 * An error for the log without its message: messages can quote request bodies, arguments or
 * upstream URLs with credentials. The name and a Node error code (ECONNRESET, EPIPE…) remain.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
}

function logToStderr(line: string): void {
  process.stderr.write(`${line}\n`);
}
