/**
 * Who may use the HTTP endpoint. Two ways in, either or both:
 *
 * - static bearer tokens (`<PREFIX>MCP_TOKEN`, several comma-separated values so a token can be
 *   rotated without downtime), compared in constant time. Such a caller may use every tool the
 *   server serves.
 * - OAuth 2.1 access tokens (`--oauth-issuer`, `--oauth-audience`): JWTs checked by
 *   oauth-resource.gen.ts. Such a caller may use the tools its token's scopes allow
 *   (tool-scopes.gen.ts).
 *
 * Anything else is answered 401 with `WWW-Authenticate: Bearer …` (with `resource_metadata` under
 * OAuth, so clients find the authorization server; MCP authorization, "Error Handling"): for a
 * request without an `Authorization` header, without an error code (RFC 6750 §3.1: a request
 * that lacks any authentication information gets none), else `error="invalid_token"`. The
 * check runs on the headers, before the body is read. The caller's token is never forwarded
 * upstream: the tool caller uses the server's own upstream credentials only.
 *
 * Binding to an address other than loopback without either is refused at start ({@link
 * exposureCheck}); `--no-auth` overrides that, with a warning at every start.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import type { OAuthResource } from './oauth-resource.gen.js';

/** Shortest static token accepted: a guessable token is no protection. */
export const MIN_TOKEN_LENGTH = 16;

/** What the gate decided for one request. */
export type EndpointVerdict =
  /** Let in. `authInfo` is set for OAuth tokens (their scopes then limit the tools). */
  | { readonly ok: true; readonly authInfo?: AuthInfo }
  /** Refused: write this answer (401/403). */
  | { readonly ok: false; readonly response: Response };

export interface EndpointAuth {
  /** e.g. "bearer token" or "OAuth (issuer https://…)", for the start-up line. */
  readonly description: string;
  /** The OAuth resource server, when configured. */
  readonly oauth?: OAuthResource;
  /** Checks one request's `Authorization` header. */
  check(authorization: string | undefined): Promise<EndpointVerdict>;
}

/** A configuration mistake found at start: one line, the server does not start. */
export class EndpointAuthError extends Error {
  override name = 'EndpointAuthError';
}

/**
 * The static tokens in `<PREFIX>MCP_TOKEN` (comma-separated, blanks around them ignored).
 * Throws {@link EndpointAuthError} naming the variable for a token that is too short; never
 * quotes a token.
 */
export function parseStaticTokens(text: string | undefined, variable: string): string[] {
  if (text === undefined) return [];
  const tokens = text
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
  for (const [index, token] of tokens.entries()) {
    if (token.length < MIN_TOKEN_LENGTH) {
      throw new EndpointAuthError(
        `${variable}: token ${index + 1} has ${token.length} characters, at least ${MIN_TOKEN_LENGTH} are needed (e.g. openssl rand -hex 32)`,
      );
    }
    if (/[\s\u0000-\u001f\u007f]/.test(token)) throw new EndpointAuthError(`${variable}: token ${index + 1} contains white space or control characters`);
  }
  return tokens;
}

/** The gate, or `undefined` when neither static tokens nor OAuth are configured. */
export function createEndpointAuth(options: { tokens: readonly string[]; oauth?: OAuthResource }): EndpointAuth | undefined {
  const { tokens, oauth } = options;
  if (tokens.length === 0 && oauth === undefined) return undefined;
  const digests = tokens.map(digest);
  const resourceMetadataUrl = oauth?.metadataUrl;
  const refuse = (error: unknown): EndpointVerdict => ({
    ok: false,
    response: bearerAuthChallengeResponse(error, resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl }),
  });
  const parts = [...(tokens.length > 0 ? ['bearer token'] : []), ...(oauth !== undefined ? [`OAuth (issuer ${oauth.issuer})`] : [])];
  return {
    description: parts.join(' or '),
    ...(oauth !== undefined ? { oauth } : {}),
    async check(authorization) {
      if (authorization === undefined) return anonymous(resourceMetadataUrl);
      const token = bearerToken(authorization);
      if (token === undefined) return refuse(new OAuthError(OAuthErrorCode.InvalidToken, "Invalid Authorization header format, expected 'Bearer TOKEN'"));
      if (digests.length > 0 && matchesAny(token, digests)) return { ok: true };
      if (oauth === undefined) return refuse(new OAuthError(OAuthErrorCode.InvalidToken, 'Invalid token'));
      try {
        const authInfo = await verifyBearerToken(`Bearer ${token}`, {
          verifier: oauth.verifier,
          expectedResource: new URL(oauth.audience),
          resourceMetadataUrl: oauth.metadataUrl,
        });
        return { ok: true, authInfo };
      } catch (error) {
        return refuse(error);
      }
    },
  };
}

/** 401 for a request that sent no credentials: the challenge names the scheme (and the metadata), no error. */
function anonymous(resourceMetadataUrl: string | undefined): EndpointVerdict {
  const challenge = resourceMetadataUrl === undefined ? 'Bearer' : `Bearer resource_metadata="${resourceMetadataUrl}"`;
  const body = new OAuthError(OAuthErrorCode.InvalidToken, 'Missing Authorization header').toResponseObject();
  return { ok: false, response: Response.json(body, { status: 401, headers: { 'WWW-Authenticate': challenge } }) };
}

/** The token of `Bearer <token>` (scheme case-insensitive), else `undefined`. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization === undefined ? null : /^Bearer +([^\s,]+) *$/i.exec(authorization);
  return match?.[1];
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Compares against every configured token, always all of them, each in constant time. */
function matchesAny(token: string, digests: readonly Buffer[]): boolean {
  const candidate = digest(token);
  let matched = false;
  for (const expected of digests) matched = timingSafeEqual(candidate, expected) || matched;
  return matched;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === 'localhost' || lower === '::1' || lower === '::ffff:127.0.0.1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(lower);
}

/**
 * Whether the server may start on `host`: `error` (do not start) when it is reachable from other
 * machines and nothing authenticates callers; with `--no-auth` (`auth` is then `undefined`), a
 * `warning` at every start instead.
 */
export function exposureCheck(
  host: string,
  auth: EndpointAuth | undefined,
  noAuth: boolean,
  tokenVariable: string,
): { error?: string; warning?: string } {
  const where = printableHost(host);
  if (noAuth) {
    return { warning: `WARNING: --no-auth: the MCP endpoint on ${where} accepts every caller that can reach it, and they use this server's upstream credentials` };
  }
  if (auth !== undefined || isLoopbackHost(host)) return {};
  return {
    error: `refusing to serve ${where} without authentication: set ${tokenVariable} (bearer tokens) or --oauth-issuer and --oauth-audience, or pass --no-auth`,
  };
}

function printableHost(host: string): string {
  return host.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
