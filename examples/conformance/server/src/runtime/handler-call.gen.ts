/**
 * The call path of a tool from a tool manifest: the SDK has validated the arguments against the
 * inputSchema (server.gen.ts registers every tool with it), then the user's handler
 * (`src/handlers/<name>.ts`, imported by the generated `src/handlers.gen.ts`) runs with a
 * HandlerContext (handler-context.gen.ts), and its value becomes the result (handler-result.gen.ts,
 * output checked against the outputSchema).
 *
 * It never throws: a thrown ToolError is an `isError` result with its message; any other error is
 * an `isError` result naming it (`Internal error in the handler of <tool> (TypeError).`), and the
 * same name is logged: its message is neither sent nor logged, since an error the handler did not
 * mean for the client (a database driver's, a TypeError) may quote connection strings, secrets or
 * data (as GraphQL Yoga masks every error but a GraphQLError); `--log debug` logs its stack, for
 * development. A call the client cancelled answers
 * that it was cancelled, whatever the handler did after.
 */
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolCaller } from './call-tool.gen.js';
import { createHandlerContext, ToolError, type HandlerContext } from './handler-context.gen.js';
import { toHandlerResult } from './handler-result.gen.js';
import { errorResult } from './result.gen.js';
import type { ToolEntry } from './types.gen.js';

/** A handler as the runtime sees it; `src/handlers.gen.ts` checks each against its tool's types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler has its own argument type
export type HandlerFunction = (args: any, ctx: HandlerContext) => Promise<unknown>;

/** Handlers by generated tool name. */
export type HandlerTable = Readonly<Record<string, HandlerFunction>>;

export interface HandlerCallerDeps {
  handlers: HandlerTable;
  /** By tool name (as clients call it); tools with an outputSchema. */
  outputValidators?: ReadonlyMap<string, (value: unknown) => string | undefined>;
  /** The generated name of each tool a `tools` override renamed; default: its own name. */
  generatedNames?: ReadonlyMap<ToolEntry, string>;
  /** Prefix of log lines (the server's name). */
  name: string;
  /** Default: stderr. */
  log?: (line: string) => void;
  /** `--log debug`: log an unexpected error's stack (message included), not only its name. */
  debug?: boolean;
}

export function createHandlerCaller(deps: HandlerCallerDeps): ToolCaller<CallToolResult | InputRequiredResult> {
  const log = deps.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  return async (entry, args, signal, request, continuation) => {
    const tool = entry.definition.name;
    const generated = deps.generatedNames?.get(entry) ?? tool;
    const handler = Object.hasOwn(deps.handlers, generated) ? deps.handlers[generated] : undefined;
    if (entry.binding.kind !== 'handler' || handler === undefined) {
      return errorResult(`tool ${tool} has no handler (src/handlers/${generated}.ts)`, 'request');
    }
    const callSignal = signal ?? new AbortController().signal;
    const { context: ctx, asked } = createHandlerContext({
      tool,
      signal: callSignal,
      log,
      prefix: deps.name,
      ...(request !== undefined ? { request } : {}),
      ...(continuation !== undefined ? { continuation } : {}),
    });
    let value: unknown;
    try {
      value = await handler(args, ctx);
    } catch (error) {
      if (callSignal.aborted) return errorResult('the call was cancelled before the handler finished', 'cancelled');
      if (error instanceof ToolError) return failure(error.message);
      log(`${deps.name}: tool ${tool}: the handler failed: ${deps.debug === true ? debugText(error) : describe(error)}`);
      return failure(`Internal error in the handler of ${tool} (${describe(error)}).`);
    }
    if (callSignal.aborted) return errorResult('the call was cancelled before the handler finished', 'cancelled');
    // Only what ctx.inputRequired made (not data that looks like it) goes back as input_required.
    if (asked(value)) return value as InputRequiredResult;
    return toHandlerResult(value, entry, deps.outputValidators?.get(tool));
  };
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Name and code of an error, never its message (it may hold arguments or data). */
/** The stack (or the value) of what a handler threw, for `--log debug` only. */
function debugText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return `a thrown ${typeof error}: ${JSON.stringify(error) ?? String(error)}`;
  } catch {
    return `a thrown ${typeof error}`;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error}`;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} (${code})` : error.name;
}
