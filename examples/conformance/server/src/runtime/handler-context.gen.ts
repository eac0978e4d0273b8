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
 *
 * Throw {@link ToolError} for an expected failure ("no such note"): the client gets an `isError`
 * result with its message, and nothing is logged. Any other error also becomes an `isError`
 * result with its message, and the server logs the error's name (never its message, which may
 * hold data) on stderr.
 *
 * New capabilities (e.g. `input_required` results) are added here, as fields of HandlerContext
 * built by {@link createHandlerContext}, and passed through by handler-result.gen.ts.
 */
import type { ServerContext } from '@modelcontextprotocol/server';

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
}

export function createHandlerContext(input: HandlerContextInput): HandlerContext {
  const line = (level: string) => (message: string): void => input.log(`${input.prefix}: tool ${input.tool}: ${level}: ${oneLine(String(message))}`);
  const token = input.request?.mcpReq._meta?.progressToken;
  return {
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
  };
}

/** Log lines stay lines: control characters (a newline could forge another entry) become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}
