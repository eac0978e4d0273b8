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
 */
import { ProtocolError, SdkError, SdkErrorCode, type CallToolResult, type Client, type Tool } from '@modelcontextprotocol/client';
import { InputRequiredError, resultText, ToolCallError, UnansweredElicitation } from './errors.gen.js';
import type { CallOptions, MethodEntry, ToolDefinitionData } from './types.gen.js';

/** JSON-RPC error code of a `Mcp-Param-*` header that does not match the arguments (SEP-2243). */
export const HEADER_MISMATCH = -32020;

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
  let result: CallToolResult;
  try {
    try {
      result = (await client.callTool(params, { ...request, toolDefinition: definition as Tool })) as CallToolResult;
    } catch (error) {
      if (!(error instanceof ProtocolError && error.code === HEADER_MISMATCH)) throw error;
      result = (await client.callTool(params, request)) as CallToolResult;
    }
  } catch (error) {
    throw inputRequired(entry.tool, error) ?? error;
  }
  options.onResult?.(result);
  return unwrapResult(entry, result);
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
