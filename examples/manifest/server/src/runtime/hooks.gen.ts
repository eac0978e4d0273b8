/**
 * The customization points of a generated server, implemented by the user in `src/hooks.ts` (a
 * file openapi-mcp creates once and never overwrites) and called by the runtime:
 *
 * - `beforeRequest`: after the arguments were validated and the upstream request built, before
 *   credentials are added. Change `ctx.request` in place or return a replacement.
 * - `auth`: replaces the credentials read from the environment (auth.gen.ts) for every call; it
 *   may still apply them with `ctx.useEnvironmentCredentials()`.
 * - `afterResponse`: gets the upstream's response before it becomes the tool result; may return
 *   another `Response` or the result itself.
 * - `tools`: per-tool overrides of name, title, description and annotations, keyed by the
 *   generated tool name, applied once at start-up (tool-overrides.gen.ts).
 *
 * Every hook is optional. A hook that throws fails only that call: the client gets an `isError`
 * result naming the hook and the error's message (no stack), with `_meta["openapi-mcp/error"]`
 * = `hook`, and the server logs one line on stderr. Both have the credentials the server knows of
 * redacted (the environment's, and those marked with `ctx.secret`).
 *
 * Credentials: `beforeRequest` and `afterResponse` see the request without credentials, so logging
 * `ctx.request` there cannot leak them. What a hook logs, throws or returns is the user's
 * responsibility: the `auth` hook handles secrets, and the results `afterResponse` returns are not
 * redacted.
 */
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import type { ConfirmHook } from './input-gate.gen.js';
import type { PreparedRequest } from './request.gen.js';
import type { HttpBinding, ToolAnnotations, ToolDefinition } from './types.gen.js';

export type { CallToolResult } from '@modelcontextprotocol/server';
export type { PreparedRequest } from './request.gen.js';
export type { ConfirmContext } from './input-gate.gen.js';

/** What every hook gets about the call. */
export interface ToolCallContext {
  /** The tool's name as clients call it (after a rename in `tools`). */
  readonly tool: string;
  /** The name the generator gave the tool: its key in `tools`, unchanged by renames. */
  readonly generatedName: string;
  /** The tool as tools/list shows it (overrides applied). */
  readonly definition: Readonly<ToolDefinition>;
  /** How the call maps to HTTP: method, path template, operationId, security requirements… */
  readonly binding: Readonly<HttpBinding>;
  /** The arguments, already validated against the inputSchema. Change `request`, not these. */
  readonly args: Readonly<Record<string, unknown>>;
  /** Aborted when the client cancels or the upstream timeout passes: hand it to your own fetches. */
  readonly signal: AbortSignal;
}

export interface BeforeRequestContext extends ToolCallContext {
  /** The upstream request built from the arguments, without credentials. Mutable. */
  readonly request: PreparedRequest;
}

export interface AuthContext extends ToolCallContext {
  /** The request about to be sent (after `beforeRequest`); add credentials to it. */
  readonly request: PreparedRequest;
  /**
   * Marks a value as a credential and returns it: it is then redacted from results and messages,
   * and a header holding it is dropped when a redirect leaves the upstream's origin.
   */
  secret(value: string): string;
  /** Sets a header holding a credential (marked as one), e.g. `ctx.setHeader('X-Api-Key', key)`. */
  setHeader(name: string, value: string): void;
  /** Appends a query parameter holding a credential (percent-encoded; marked as one). */
  setQueryParameter(name: string, value: string): void;
  /**
   * Adds the credentials from the environment, as the server does when there is no `auth` hook.
   * Throws when they are missing; the call then answers which variables to set.
   */
  useEnvironmentCredentials(): Promise<void>;
}

export interface AfterResponseContext extends ToolCallContext {
  /** The request as it was sent, but without the credentials. */
  readonly request: PreparedRequest;
  /** The upstream's final response (redirects followed), body not yet read. */
  readonly response: Response;
  /**
   * The tool result the server makes of a response (default `ctx.response`, whose body it reads):
   * structuredContent, text, status in `_meta`, credentials redacted. Use it to adjust the
   * standard result and return that.
   */
  toResult(response?: Response): Promise<CallToolResult>;
}

/** Changes to one tool as clients see it. The generated schemas and binding stay as they are. */
export interface ToolOverride {
  /** A new name (1–128 of `A-Z a-z 0-9 _ . -`), unique among the tools ignoring case. */
  name?: string;
  title?: string;
  description?: string;
  /** Merged over the generated annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title). */
  annotations?: ToolAnnotations;
}

export interface Hooks {
  /** Return nothing to send `ctx.request` (changed or not), or a replacement request. */
  beforeRequest?: (ctx: BeforeRequestContext) => void | PreparedRequest | Promise<void | PreparedRequest>;
  /** Adds the credentials instead of the server (which then reads none from the environment). */
  auth?: (ctx: AuthContext) => void | Promise<void>;
  /** Return nothing for the standard result, a `Response` to use instead, or the tool result itself. */
  afterResponse?: (
    ctx: AfterResponseContext,
  ) => void | Response | CallToolResult | Promise<void | Response | CallToolResult>;
  /** Keyed by the generated tool name (as in README.md's tool table). */
  tools?: Record<string, ToolOverride>;
  /**
   * Whether to ask the user to confirm this call before it runs (input-gate.gen.ts): `true` asks,
   * `false` does not, nothing leaves it to the `--confirm` policy (`ctx.policyAsks`).
   */
  confirm?: ConfirmHook;
  /**
   * Adds prompts or resources of your own to the server (`server.registerPrompt`,
   * `server.registerResource` of the SDK's McpServer). Called for every server instance (once per
   * HTTP request, once per stdio connection), after the tools are registered: register, do not
   * compute there. Their handlers may return `inputRequired(...)` to ask the client for input.
   */
  extendServer?: (server: McpServer) => void;
}

/** Types the hooks object: `export const hooks = defineHooks({ ... })`. */
export function defineHooks(hooks: Hooks): Hooks {
  return hooks;
}

const HOOK_FUNCTIONS = ['beforeRequest', 'auth', 'afterResponse', 'confirm', 'extendServer'] as const;

/** Start-up problems with the hooks object (typos, a hook that is not a function), as warnings. */
export function checkHooks(hooks: unknown): string[] {
  if (hooks === undefined) return [];
  if (typeof hooks !== 'object' || hooks === null) return ['hooks: the exported `hooks` is not an object; no hooks are used'];
  const warnings: string[] = [];
  const known = new Set<string>([...HOOK_FUNCTIONS, 'tools']);
  for (const key of Object.keys(hooks)) {
    if (!known.has(key)) warnings.push(`hooks: unknown key ${JSON.stringify(key)} is ignored (known: ${[...known].join(', ')})`);
  }
  const record = hooks as Record<string, unknown>;
  for (const key of HOOK_FUNCTIONS) {
    const value = record[key];
    if (value !== undefined && typeof value !== 'function') warnings.push(`hooks: ${key} is not a function; it is ignored`);
  }
  return warnings;
}

/** The hooks to run: only functions (bound to the hooks object), so a stray value cannot fail every call. */
export function usableHooks(hooks: Hooks | undefined): Hooks {
  if (typeof hooks !== 'object' || hooks === null) return {};
  const usable: Hooks = {};
  if (typeof hooks.beforeRequest === 'function') usable.beforeRequest = hooks.beforeRequest.bind(hooks);
  if (typeof hooks.auth === 'function') usable.auth = hooks.auth.bind(hooks);
  if (typeof hooks.afterResponse === 'function') usable.afterResponse = hooks.afterResponse.bind(hooks);
  if (typeof hooks.tools === 'object' && hooks.tools !== null) usable.tools = hooks.tools;
  return usable;
}
