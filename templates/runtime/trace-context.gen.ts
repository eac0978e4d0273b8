/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) from a tool call to its upstream
 * request. MCP 2026-07-28 reserves the `_meta` keys `traceparent` and `tracestate` for it (basic,
 * "OpenTelemetry trace context"); a valid `traceparent` is sent upstream as the `traceparent`
 * header, and `tracestate` with it. Anything malformed is dropped, as the W3C rules say
 * (`tracestate` without a valid `traceparent` too): these values come from the client.
 */

/** version 00-fe, 32 hex trace-id, 16 hex parent-id, 2 hex flags; lower case (W3C §3.2). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-[^\s]*)?$/;
/** W3C §3.3: at most 32 list-members, 512 characters is what a vendor must propagate. */
const TRACESTATE_MAX = 512;
const TRACESTATE_MEMBER = /^[a-z0-9][a-z0-9_\-*/@]{0,255}=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

/** The trace context of a request's `_meta`, or undefined when it carries none (or none that is valid). */
export function traceContextOf(meta: unknown): TraceContext | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  if (typeof traceparent !== 'string') return undefined;
  const parent = traceparent.trim();
  const match = TRACEPARENT.exec(parent);
  if (match === null) return undefined;
  const [, version, traceId, parentId] = match;
  if (version === 'ff' || /^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return undefined;
  if (version === '00' && match[5] !== undefined) return undefined; // version 00 has exactly four fields
  const context: TraceContext = { traceparent: parent };
  if (typeof tracestate === 'string') {
    const state = validTracestate(tracestate);
    if (state !== undefined) context.tracestate = state;
  }
  return context;
}

function validTracestate(text: string): string | undefined {
  if (text.length > TRACESTATE_MAX) return undefined;
  const members = text.split(',').map((m) => m.trim()).filter((m) => m !== '');
  if (members.length === 0 || members.length > 32) return undefined;
  if (!members.every((m) => TRACESTATE_MEMBER.test(m))) return undefined;
  return members.join(',');
}

/** Sets the trace headers on an upstream request that has none of its own. */
export function applyTraceContext(headers: Headers, meta: unknown): void {
  const context = traceContextOf(meta);
  if (context === undefined || headers.has('traceparent')) return;
  headers.set('traceparent', context.traceparent);
  if (context.tracestate !== undefined) headers.set('tracestate', context.tracestate);
  else headers.delete('tracestate');
}
