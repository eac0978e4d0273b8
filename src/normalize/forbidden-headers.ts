import type { LoadedSpec } from '../load/loaded-spec.js';

/**
 * Request headers a tool argument must never set: they frame or route the request (request
 * smuggling with `Transfer-Encoding`/`Content-Length`, a cross-tenant `Host`), belong to the
 * transport, or carry the server's own credentials. The Fetch standard's forbidden request headers
 * (https://fetch.spec.whatwg.org/#forbidden-request-header), plus the method overrides.
 * `Cookie` counts when the API has a cookie credential (the configured cookie must not be replaced).
 */
const FORBIDDEN = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method', 'connection',
  'content-length', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive', 'origin', 'referer', 'set-cookie', 'te',
  'trailer', 'transfer-encoding', 'upgrade', 'via', 'x-http-method', 'x-http-method-override', 'x-method-override',
]);

/** Why a header parameter named `name` is refused, or `undefined`. */
export function forbiddenHeaderReason(name: string, spec: LoadedSpec): string | undefined {
  const lower = name.toLowerCase();
  if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) return 'the HTTP client and the server set it, never a tool argument';
  if (lower === 'cookie' && hasCookieCredential(spec.root.document)) return 'the API takes a credential in a cookie, which a tool argument must not replace';
  return undefined;
}

function hasCookieCredential(document: unknown): boolean {
  const doc = document as { components?: { securitySchemes?: unknown }; securityDefinitions?: unknown } | null;
  const schemes = doc?.components?.securitySchemes ?? doc?.securityDefinitions;
  if (schemes === null || typeof schemes !== 'object') return false;
  return Object.values(schemes as Record<string, unknown>).some((s) => (s as { in?: unknown } | null)?.in === 'cookie');
}
