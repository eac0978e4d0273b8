/**
 * Types of the typed MCP client. This file is copied verbatim into every generated package (as
 * src/client/runtime/types.gen.ts); the generator emits only data in these shapes: the method
 * table (`src/client/methods.gen.ts`) and the argument/result types of each method.
 */
import type { AuthProvider, CallToolResult, ElicitRequestParams, ElicitResult, FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';

/** How one client method reaches its tool. */
export interface MethodEntry {
  /** The MCP tool name. */
  tool: string;
  /** Which lazily loaded part holds the tool's definition (found there by name): its key in `parts`. */
  part: string;
  /** The server wraps a non-object result as `{ [wrappedIn]: value }`; the client unwraps it. */
  wrappedIn?: string;
}

/** The part of a tool definition the client sends along with a call (tools/list shape). */
export interface ToolDefinitionData {
  name: string;
  inputSchema: { [keyword: string]: unknown };
  outputSchema?: { [keyword: string]: unknown };
}

/** A module of tool definitions, loaded on the first call of one of its tools. */
export interface DefinitionPart {
  readonly tools: readonly { readonly definition: ToolDefinitionData }[];
}

export type PartLoader = () => Promise<DefinitionPart>;

export interface ClientTable {
  /** Default client identity sent to the server. */
  name: string;
  version: string;
  /** Keyed by method name. */
  methods: { readonly [method: string]: MethodEntry };
  /** Keyed by part name (`part-…`). */
  parts: { readonly [part: string]: PartLoader };
}

/**
 * Answers an `elicitation/create` request a tool makes while it runs (`input_required`). The
 * result is sent back and the call is retried by the SDK.
 */
export type ElicitationHandler = (request: ElicitRequestParams) => ElicitResult | Promise<ElicitResult>;

interface CommonOptions {
  /**
   * Without a handler, a tool that asks for input fails with an `InputRequiredError` saying what
   * it asked for.
   */
  onElicitation?: ElicitationHandler;
  /** Default per-call timeout in milliseconds (the SDK's default is 60 s). */
  timeout?: number;
  /** Identity sent to the server; default: the package name and version. */
  clientInfo?: { name: string; version: string };
  /**
   * Tool names the server uses instead of the generated ones (generated name → served name), for a
   * server whose src/hooks.ts renames tools. The methods keep their generated names.
   */
  toolNames?: Record<string, string>;
}

/** Connect over Streamable HTTP, e.g. `{ url: 'http://127.0.0.1:3000/mcp' }`. */
export interface HttpClientOptions extends CommonOptions {
  url: string | URL;
  /** Extra headers on every HTTP request. */
  headers?: Record<string, string>;
  /**
   * A bearer token for a protected server (its `<PREFIX>MCP_TOKEN`, or an OAuth access token),
   * sent as `Authorization: Bearer …` on every request. Use `authProvider` instead for tokens that
   * expire.
   */
  token?: string;
  /**
   * The SDK's authentication: an `AuthProvider` (`{ token: async () => … }`) or an
   * `OAuthClientProvider` (e.g. `ClientCredentialsProvider` from `@modelcontextprotocol/client`),
   * with which the SDK follows the server's 401 to its authorization server (Protected Resource
   * Metadata, discovery, token request with the `resource` parameter) and retries.
   */
  authProvider?: AuthProvider | OAuthClientProvider;
  /** Replaces the global fetch (proxies, tests). */
  fetch?: FetchLike;
}

/**
 * Start a server process and talk stdio, e.g. `{ command: 'node', args: ['dist/main.js'] }`.
 * The child sees only PATH, HOME and a few other safe variables plus `env`: pass the server's
 * configuration (base URL, credentials) in `env`.
 */
export interface StdioClientOptions extends CommonOptions {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** The server's stderr: default `inherit`. */
  stderr?: 'inherit' | 'pipe' | 'ignore';
}

export type ClientOptions = HttpClientOptions | StdioClientOptions;

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds; default the client's `timeout`. */
  timeout?: number;
  /** Sees the raw MCP result before it is unwrapped (e.g. image content, `_meta`). */
  onResult?: (result: CallToolResult) => void;
}

/** What every generated client has besides its tool methods. */
export interface ClientControls {
  /** Closes the connection (and stops a stdio server process). */
  close(): Promise<void>;
}
