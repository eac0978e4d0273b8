/**
 * One typed method call: `tools/call` with the tool's definition attached (so the SDK mirrors
 * `Mcp-Param-*` headers without a tools/list round trip and checks structuredContent against the
 * outputSchema), then the result as the caller wants it:
 *
 * - `isError` → `ToolCallError` (tool name, message, upstream HTTP status);
 * - a result with `structuredContent` (a JSON answer) → that value, unwrapped from
 *   `{ [wrappedIn]: value }` when the server wrapped a non-object answer: the upstream's JSON itself;
 * - a result without it → its text.
 *
 * After a header mismatch (-32020, SEP-2243: the definition the client was generated with is
 * older than the server's) the call is made once more without the definition: the SDK then
 * refreshes tools/list and retries with the server's current definition.
 *
 * A server in dynamic mode (`--tools-mode dynamic`, a big API's default) serves only search_tools,
 * describe_tools and call_tool, and answers a tool called by name `Tool … not found`: the call is
 * then made through `call_tool { name, arguments }`, which answers what the tool itself would
 * (runtime dynamic-tools.gen.ts), and so is every later call of that client.
 */
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type CallToolResult, type Client, type Tool } from '@modelcontextprotocol/client';
import { InputRequiredError, resultText, ToolCallError, UnansweredElicitation } from './errors.gen.js';
import type { CallOptions, MethodEntry, ToolDefinitionData } from './types.gen.js';

/** JSON-RPC error code of a `Mcp-Param-*` header that does not match the arguments (SEP-2243). */
export const HEADER_MISMATCH = -32020;

/** The dynamic-mode tool that calls any other by name. */
export const CALL_TOOL = 'call_tool';

/** Clients whose server answered a tool by name `not found`: their calls go through call_tool. */
const dynamicServers = new WeakSet<Client>();

export async function callMethod(
  client: Client,
  entry: MethodEntry,
  definition: ToolDefinitionData,
  args: unknown,
  options: CallOptions,
): Promise<unknown> {
  const params = { name: entry.tool, arguments: (args ?? {}) as Record<string, unknown> };
  const request = {
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  };
  const throughCallTool = async (): Promise<CallToolResult> =>
    (await client.callTool({ name: CALL_TOOL, arguments: { name: entry.tool, arguments: params.arguments } }, request)) as CallToolResult;
  let result: CallToolResult;
  try {
    if (dynamicServers.has(client)) result = await throughCallTool();
    else {
      try {
        result = (await client.callTool(params, { ...request, toolDefinition: definition as Tool })) as CallToolResult;
      } catch (error) {
        if (notFound(error, entry.tool)) {
          // A server without call_tool just lacks the tool (a start-time selection): its own error.
          result = await throughCallTool().catch((second: unknown) => {
            throw notFound(second, CALL_TOOL) ? error : second;
          });
          dynamicServers.add(client);
        } else if (error instanceof ProtocolError && error.code === HEADER_MISMATCH) {
          result = (await client.callTool(params, request)) as CallToolResult;
        } else throw error;
      }
    }
  } catch (error) {
    throw inputRequired(entry.tool, error) ?? error;
  }
  options.onResult?.(result);
  return unwrapResult(entry, result);
}

/** The SDK server's answer to a tools/call of a tool it does not serve. */
function notFound(error: unknown, tool: string): boolean {
  return error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams && error.message.includes(`Tool ${tool} not found`);
}

/** The value a method resolves to, or the ToolCallError it throws. */
export function unwrapResult(entry: MethodEntry, result: CallToolResult): unknown {
  if (result.isError === true) throw new ToolCallError(entry.tool, result);
  const value = result.structuredContent;
  if (value === undefined) return resultText(result);
  if (entry.wrappedIn === undefined) return value;
  return typeof value === 'object' && value !== null && Object.hasOwn(value, entry.wrappedIn)
    ? (value as Record<string, unknown>)[entry.wrappedIn]
    : undefined;
}

/** An input request nobody answered, as an InputRequiredError. */
function inputRequired(tool: string, error: unknown): InputRequiredError | undefined {
  if (error instanceof UnansweredElicitation) return new InputRequiredError(tool, [error.request]);
  if (error instanceof SdkError && error.code === SdkErrorCode.CapabilityNotSupported) {
    const method = (error.data as { method?: unknown } | undefined)?.method;
    if (typeof method === 'string') return new InputRequiredError(tool, [{ method }]);
  }
  return undefined;
}
