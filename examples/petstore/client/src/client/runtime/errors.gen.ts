/**
 * Errors the typed client throws for a tool call:
 *
 * - `ToolCallError`: the tool answered with `isError` (the upstream API failed, the arguments were
 *   rejected, the upstream could not be reached …). It carries the tool name, the message, the
 *   upstream HTTP status when there was a response (the server puts it in
 *   `_meta['openapi-mcp/status']`; the message names it too), the kind of failure when there was
 *   none (`_meta['openapi-mcp/error']`: request, auth, timeout, cancelled, network) and the result.
 * - `InputRequiredError`: the tool asked for input (`input_required`) that no handler answered.
 *
 * Protocol failures (unknown tool, version mismatch, transport errors) are the SDK's own errors.
 */
import type { CallToolResult, ElicitRequestParams } from '@modelcontextprotocol/client';

/** Must match STATUS_META_KEY / ERROR_META_KEY in the server runtime (result.gen.ts). */
export const STATUS_META_KEY = 'openapi-mcp/status';
export const ERROR_META_KEY = 'openapi-mcp/error';

/** Longest message excerpt; the whole text stays on `error.result`. */
export const MAX_MESSAGE_CHARS = 1000;

/** The text blocks of a result, joined by newlines. */
export function resultText(result: CallToolResult): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text' && typeof (c as { text?: unknown }).text === 'string')
    .map((c) => c.text)
    .join('\n');
}

export class ToolCallError extends Error {
  override readonly name = 'ToolCallError';
  /** The MCP tool name. */
  readonly tool: string;
  /** The upstream's HTTP status, when the failure is a response. */
  readonly status: number | undefined;
  /** Why there was no response: `request`, `auth`, `timeout`, `cancelled` or `network`. */
  readonly kind: string | undefined;
  readonly result: CallToolResult;

  constructor(tool: string, result: CallToolResult) {
    const meta = (result._meta ?? {}) as Record<string, unknown>;
    const status = typeof meta[STATUS_META_KEY] === 'number' ? (meta[STATUS_META_KEY] as number) : undefined;
    const kind = typeof meta[ERROR_META_KEY] === 'string' ? (meta[ERROR_META_KEY] as string) : undefined;
    const text = resultText(result).trim() || '(no message)';
    const half = MAX_MESSAGE_CHARS / 2;
    const excerpt = text.length <= MAX_MESSAGE_CHARS ? text : `${text.slice(0, half)} … ${text.slice(-half)}`;
    const prefix = status === undefined || excerpt.startsWith(`HTTP ${status}`) ? '' : `HTTP ${status}: `;
    // The server's own texts may start with the tool already (`delete_order: declined by the user…`).
    const named = prefix === '' && excerpt.startsWith(`${tool}: `) ? '' : `${tool}: `;
    super(`${named}${prefix}${excerpt}`);
    this.tool = tool;
    this.status = status;
    this.kind = kind;
    this.result = result;
  }
}

/** What a tool asked for. */
export interface InputRequest {
  /** `elicitation/create`, `sampling/createMessage`, `roots/list`. */
  method: string;
  /** The question put to the user (elicitation). */
  message?: string;
  /** The fields of the requested form (elicitation). */
  fields?: string[];
}

export class InputRequiredError extends Error {
  override readonly name = 'InputRequiredError';
  readonly tool: string;
  readonly requests: readonly InputRequest[];

  constructor(tool: string, requests: readonly InputRequest[]) {
    const asked = requests
      .map((r) => (r.message !== undefined ? `${JSON.stringify(r.message)}${r.fields?.length ? ` (fields: ${r.fields.join(', ')})` : ''}` : r.method))
      .join('; ');
    const hint = requests.every((r) => r.method === 'elicitation/create')
      ? 'pass onElicitation to createClient to answer it'
      : 'this client cannot answer such requests';
    super(`${tool} asked for input: ${asked}; ${hint}`);
    this.tool = tool;
    this.requests = requests;
  }
}

/** Thrown by the default elicitation handler; the call turns it into an InputRequiredError. */
export class UnansweredElicitation extends Error {
  override readonly name = 'UnansweredElicitation';
  readonly request: InputRequest;

  constructor(params: ElicitRequestParams) {
    const schema = (params as { requestedSchema?: { properties?: Record<string, unknown> } }).requestedSchema;
    const fields = schema?.properties !== undefined ? Object.keys(schema.properties) : [];
    super(`No handler for elicitation: ${params.message}`);
    this.request = { method: 'elicitation/create', message: params.message, ...(fields.length > 0 ? { fields } : {}) };
  }
}
