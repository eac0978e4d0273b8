/**
 * Short, safe reasons for a failed `fetch`. Node's fetch rejects with `TypeError: fetch failed` and
 * puts the real reason in `cause` (an error with a `code` such as ECONNREFUSED); some messages
 * quote the URL, which may carry an API key in its query string. So the reason is built from the
 * error code where there is one, and any other text loses its query strings and is capped.
 */

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'connection closed by the upstream',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  UND_ERR_HEADERS_OVERFLOW: 'response headers too large',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'response body shorter than its Content-Length',
};

const MAX_REASON_CHARS = 200;

/** e.g. `connection refused`, `TLS certificate problem (CERT_HAS_EXPIRED)`. Never includes a URL's query. */
export function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  // Walk the cause chain (fetch failed → connect error → …) to the most specific coded error.
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      const known = REASONS[code];
      if (known !== undefined) return known;
      if (/CERT|SSL|TLS|SELF_SIGNED|ERR_TLS/i.test(code)) return `TLS certificate problem (${safeCode(code)})`;
      return safeCode(code);
    }
    if (current.cause === undefined) break;
    current = current.cause;
  }
  const message = current instanceof Error ? current.message : String(current);
  return scrub(message) || 'unknown network error';
}

function safeCode(code: string): string {
  return code.replace(/[^A-Z0-9_]/gi, '').slice(0, 60) || 'error';
}

/** Drops query strings and fragments of anything URL-like, userinfo, line breaks; caps the length. */
function scrub(text: string): string {
  const cleaned = text
    .replace(/[?#][^\s"'<>]*/g, '')
    .replace(/\/\/[^\s/@"'<>]*@/g, '//')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_REASON_CHARS ? `${cleaned.slice(0, MAX_REASON_CHARS)}…` : cleaned;
}
