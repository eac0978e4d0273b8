/**
 * What a handler of a manifest tool (`src/handlers/<name>.ts`, written by the user) gets besides
 * its arguments: `export default async function (args, ctx) { … }`.
 *
 * - `ctx.signal`: aborted when the client cancels the call (or the connection goes); pass it on to
 *   your own fetches, queries and child processes.
 * - `ctx.log`: one line on stderr per message, prefixed with the server and tool name (stdout
 *   carries the stdio protocol). Nothing is sent to the client.
 * - `ctx.progress(progress, total?, message?)`: a `notifications/progress` to the client when the
 *   call asked for progress (`_meta.progressToken`), else nothing.
 * - `ctx.request`: the SDK's request context, for what this interface does not cover.
 * - `ctx.inputRequired(requests, state?)`: return its result to ask the client for input (MCP
 *   2026-07-28 `input_required`: elicitation, sampling, roots; build the requests with `input`,
 *   re-exported from the SDK's `inputRequired` builder). The client calls the tool again with the
 *   answers: the handler runs again from the top with `ctx.inputResponses` (read them with
 *   `inputResponse(ctx.inputResponses, key)`) and `ctx.state` (what it passed as `state`: sealed in
 *   the requestState, so the client can neither read nor change it, and no server-side session is
 *   needed). Ask again as often as needed (multi-round flows). `ctx.canAsk(kind)` says whether the
 *   client declared that capability: never ask what it cannot answer.
 *
 * Throw {@link ToolError} for an expected failure ("no such note"): the client gets an `isError`
 * result with its message, and nothing is logged. Any other error becomes an `isError` result
 * that names the error (`Internal error in the handler of <tool> (TypeError).`), and the server
 * logs the same on stderr: its message, which may hold secrets or data, goes nowhere.
 *
 * New capabilities (e.g. `input_required` results) are added here, as fields of HandlerContext
 * built by {@link createHandlerContext}, and passed through by handler-result.gen.ts.
 */
import type { ClientCapabilities, InputRequests, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { Continuation } from './input-gate.gen.js';

export { inputRequired as input, inputResponse, acceptedContent } from '@modelcontextprotocol/server';

/** Kinds of input a handler can ask the client for. */
export type InputKind = 'elicitation' | 'sampling' | 'roots';

export interface HandlerLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface HandlerContext {
  /** The tool's name as clients call it. */
  readonly tool: string;
  readonly signal: AbortSignal;
  readonly log: HandlerLogger;
  /** Reports progress when the client asked for it (`progress` should grow with each call). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** The SDK's context of this tools/call (absent when a handler is called outside a server, e.g. in tests). */
  readonly request?: ServerContext;
  /** The answers the client sent with this call, keyed as asked; `{}` on a first call. Untrusted: check them. */
  readonly inputResponses: Readonly<Record<string, unknown>>;
  /** What the handler passed as `state` to its last `inputRequired` in this call; `undefined` at first. */
  readonly state: unknown;
  /** Whether the client declared it can answer this kind of request. */
  canAsk(kind: InputKind): boolean;
  /**
   * The `input_required` result asking the client for `requests` (return it from the handler);
   * `state` comes back as `ctx.state` on the retry. Throws when the server was started without
   * input support (never in a generated server).
   */
  inputRequired(requests: InputRequests, state?: unknown): Promise<InputRequiredResult>;
}

/** An expected failure: its message goes to the client as an `isError` result; nothing is logged. */
export class ToolError extends Error {
  override name = 'ToolError';
}

export interface HandlerContextInput {
  tool: string;
  signal: AbortSignal;
  /** Writes one line (stderr by default). */
  log: (line: string) => void;
  /** Prefix of every log line, e.g. the server name. */
  prefix: string;
  request?: ServerContext;
  /** How this call can ask for input (from the input gate, input-gate.gen.ts). */
  continuation?: Continuation;
}

export interface CreatedHandlerContext {
  readonly context: HandlerContext;
  /** True for exactly the results `context.inputRequired` made, so that data never passes as one. */
  asked(value: unknown): boolean;
}

export function createHandlerContext(input: HandlerContextInput): CreatedHandlerContext {
  const line = (level: string) => (message: string): void => input.log(`${input.prefix}: tool ${input.tool}: ${level}: ${oneLine(String(message))}`);
  const token = input.request?.mcpReq._meta?.progressToken;
  const issued = new WeakSet<object>();
  const capabilities: ClientCapabilities | undefined = input.continuation?.capabilities;
  const context: HandlerContext = {
    tool: input.tool,
    signal: input.signal,
    log: { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') },
    async progress(progress, total, message) {
      if (token === undefined || input.request === undefined || input.signal.aborted) return;
      await input.request.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) },
      });
    },
    ...(input.request !== undefined ? { request: input.request } : {}),
    inputResponses: input.request?.mcpReq.inputResponses ?? {},
    state: input.continuation?.state,
    canAsk: (kind) => capabilities?.[kind] !== undefined && capabilities[kind] !== null,
    async inputRequired(requests, state) {
      if (input.continuation === undefined) throw new Error('this server was started without input_required support');
      const result = await input.continuation.ask(requests, state);
      issued.add(result);
      return result;
    },
  };
  return { context, asked: (value) => typeof value === 'object' && value !== null && issued.has(value) };
}

/** Log lines stay lines: control characters (a newline could forge another entry) become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}
