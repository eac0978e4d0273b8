/**
 * Memory bounds of the HTTP transport: one small request must not hold a lot of memory.
 *
 * - At most {@link MAX_IN_FLIGHT_REQUESTS} requests are served at once; more are answered 503 with
 *   `Retry-After` (nothing is read or buffered for them).
 * - Request bodies being received may hold at most {@link MAX_BUFFERED_BODY_BYTES} together; a body
 *   that would go over is answered 503 too.
 * - A body must arrive within {@link BODY_TIMEOUT_MS} (Node's own limit is 300 s): 408.
 * - A 2025-03-26 JSON-RPC batch may hold at most {@link MAX_BATCH_MESSAGES} messages: 400.
 * Tool calls themselves run at most `MAX_CONCURRENT_TOOL_CALLS` at a time (call-limit.gen.ts), so
 * upstream answers buffered at once stay under that many times the body cap of result.gen.ts.
 */
export const MAX_IN_FLIGHT_REQUESTS = 32;
export const MAX_BUFFERED_BODY_BYTES = 32 * 1024 * 1024;
export const BODY_TIMEOUT_MS = 30_000;
export const MAX_BATCH_MESSAGES = 10;

/** An answer the transport gives without asking the MCP handler: status, JSON-RPC error message, extra headers. */
export class TransportRefusal extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  // No parameter properties: the runtime also runs under Node's type stripping.
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'TransportRefusal';
    this.status = status;
    this.headers = headers;
  }

  toResponse(): Response {
    return Response.json({ jsonrpc: '2.0', error: { code: this.status === 400 ? -32600 : -32000, message: this.message }, id: null }, { status: this.status, headers: { connection: 'close', ...this.headers } });
  }
}

/** Counts what one listener holds; one per listener (never module state). */
export class RequestLimits {
  private inFlight = 0;
  private buffered = 0;

  readonly bodyTimeoutMs: number;

  constructor(bodyTimeoutMs: number = BODY_TIMEOUT_MS) {
    this.bodyTimeoutMs = bodyTimeoutMs;
  }

  /** Takes a slot for a request, or throws the 503 refusal. Pair with {@link leave}. */
  enter(): void {
    if (this.inFlight >= MAX_IN_FLIGHT_REQUESTS) throw busy(`more than ${MAX_IN_FLIGHT_REQUESTS} requests in progress`);
    this.inFlight++;
  }

  leave(): void {
    this.inFlight--;
  }

  /** Accounts `bytes` more of a body being received, or throws the 503 refusal. */
  hold(bytes: number): void {
    if (this.buffered + bytes > MAX_BUFFERED_BODY_BYTES) throw busy('too many request bodies are being received');
    this.buffered += bytes;
  }

  release(bytes: number): void {
    this.buffered -= bytes;
  }
}

function busy(why: string): TransportRefusal {
  return new TransportRefusal(503, `Service Unavailable: ${why}; retry shortly`, { 'retry-after': '1' });
}

export function bodyTimeout(ms: number): TransportRefusal {
  return new TransportRefusal(408, `Request Timeout: the body did not arrive within ${ms / 1000} s`);
}

/** The refusal for a JSON-RPC batch over {@link MAX_BATCH_MESSAGES}, else `undefined`. */
export function batchRefusal(parsed: unknown): TransportRefusal | undefined {
  if (!Array.isArray(parsed) || parsed.length <= MAX_BATCH_MESSAGES) return undefined;
  return new TransportRefusal(400, `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages, this one holds ${parsed.length}`);
}
