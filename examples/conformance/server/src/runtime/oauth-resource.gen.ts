/**
 * The MCP server as an OAuth 2.1 resource server (MCP authorization, 2026-07-28): it accepts JWT
 * access tokens its authorization server issued for it, and tells clients where that server is.
 *
 * - At start: the issuer's metadata is discovered (RFC 8414, then OpenID Connect Discovery, in
 *   the order the MCP spec gives; its `issuer` must be the configured one) for its `jwks_uri`.
 *   The server does not start when that fails.
 * - Per token: the signature against the issuer's JWKS (fetched with `jose`, cached, refetched
 *   for an unknown key id at most every 30 s), `iss`, `aud` (must contain the audience: tokens for
 *   other resources are refused, RFC 8707), `exp` (required) and `nbf`, 30 s clock tolerance.
 *   Scopes come from `scope` (space-separated) or `scp` (array or string).
 * - Protected Resource Metadata (RFC 9728) at the well-known path of the audience URI, e.g.
 *   `/.well-known/oauth-protected-resource/mcp` for `https://mcp.example.com/mcp`, naming the
 *   issuer and the scopes the tools use. The audience is this server's canonical URI: what
 *   clients use as the `resource` parameter and the issuer puts into `aud`.
 */
import { discoverAuthorizationServerMetadata } from '@modelcontextprotocol/client';
import {
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  oauthMetadataResponse,
  OAuthError,
  OAuthErrorCode,
  type AuthInfo,
  type AuthMetadataOptions,
  type OAuthMetadata,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { EndpointAuthError } from './endpoint-auth.gen.js';

/** Signature algorithms accepted (asymmetric only: the JWKS holds public keys). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const CLOCK_TOLERANCE_S = 30;
const DISCOVERY_TIMEOUT_MS = 10_000;

export interface OAuthResourceOptions {
  /** The authorization server's issuer identifier (`--oauth-issuer`). */
  readonly issuer: string;
  /** This server's canonical URI, the `aud` its tokens carry (`--oauth-audience`). */
  readonly audience: string;
  /** Scopes the served tools use, for `scopes_supported`. */
  readonly scopes: readonly string[];
  /** For `resource_name`. */
  readonly resourceName?: string;
}

export interface OAuthResource {
  readonly issuer: string;
  readonly audience: string;
  /** Where the Protected Resource Metadata is, for `resource_metadata` in challenges. */
  readonly metadataUrl: string;
  readonly verifier: OAuthTokenVerifier;
  /** The metadata documents for a request to their well-known paths, else `undefined`. */
  metadataResponse(request: Request): Response | undefined;
}

/** Checks the options, discovers the issuer's metadata and sets up token verification. */
export async function createOAuthResource(options: OAuthResourceOptions): Promise<OAuthResource> {
  const issuer = checkedIssuer(options.issuer);
  const audience = checkedAudience(options.audience);
  let metadata: OAuthMetadata | undefined;
  try {
    metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn: timedFetch });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'IssuerMismatchError' ? 'its metadata names a different issuer' : 'it could not be reached';
    throw new EndpointAuthError(`--oauth-issuer ${issuer}: cannot use the authorization server's metadata: ${reason}`);
  }
  if (metadata === undefined) {
    throw new EndpointAuthError(`--oauth-issuer ${issuer}: no authorization server metadata found (tried RFC 8414 and OpenID Connect discovery)`);
  }
  if (typeof metadata.jwks_uri !== 'string') throw new EndpointAuthError(`--oauth-issuer ${issuer}: its metadata has no jwks_uri`);
  const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri));
  const metadataOptions: AuthMetadataOptions = {
    oauthMetadata: metadata,
    resourceServerUrl: new URL(audience),
    ...(options.scopes.length > 0 ? { scopesSupported: [...options.scopes] } : {}),
    ...(options.resourceName !== undefined ? { resourceName: options.resourceName } : {}),
  };
  try {
    buildOAuthProtectedResourceMetadata(metadataOptions); // checks the issuer URL (HTTPS outside loopback)
  } catch (error) {
    throw new EndpointAuthError(`--oauth-issuer ${issuer}: ${error instanceof Error ? error.message : 'not usable'}`);
  }
  return {
    issuer,
    audience,
    metadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(audience)),
    verifier: {
      async verifyAccessToken(token) {
        let payload: JWTPayload;
        try {
          ({ payload } = await jwtVerify(token, jwks, {
            issuer,
            audience,
            algorithms: ALGORITHMS,
            clockTolerance: CLOCK_TOLERANCE_S,
            requiredClaims: ['exp'],
          }));
        } catch (error) {
          throw new OAuthError(OAuthErrorCode.InvalidToken, reasonFor(error));
        }
        return authInfoOf(token, payload, audience);
      },
    },
    metadataResponse: (request) => oauthMetadataResponse(request, metadataOptions),
  };
}

function authInfoOf(token: string, payload: JWTPayload, audience: string): AuthInfo {
  const clientId = [payload.client_id, payload.azp, payload.sub].find((value) => typeof value === 'string') as string | undefined;
  return {
    token,
    clientId: clientId ?? '',
    scopes: scopesOf(payload),
    // The SDK's verifyBearerToken refuses `expiresAt < now` with no tolerance of its own: moved by
    // the one jwtVerify applied, a token inside it (exp 10 s ago) is not refused after all.
    ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp + CLOCK_TOLERANCE_S } : {}),
    resource: new URL(audience),
  };
}

/** `scope` (RFC 8693/9068: space-separated) or `scp` (array or string, as some issuers write it). */
export function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  const list = typeof raw === 'string' ? raw.split(' ') : Array.isArray(raw) ? raw : [];
  return [...new Set(list.filter((scope): scope is string => typeof scope === 'string' && scope !== ''))];
}

/** What the 401 says: which check failed, never the token or its claims. */
function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'Token was not issued for this resource';
    if (error.claim === 'iss') return 'Token was not issued by the configured issuer';
    if (error.claim === 'nbf') return 'Token is not valid yet';
    // The claim name is one jose checks (exp, iat, sub…), never text from the token.
    return `Token claim ${error.claim} is ${error.reason === 'missing' ? 'missing' : 'not valid'}`;
  }
  if (error instanceof errors.JWKSTimeout) return 'The issuer keys could not be fetched';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Token signature algorithm is not accepted';
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return 'Token signature is not valid';
  return 'Invalid token';
}

function checkedIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EndpointAuthError(`--oauth-issuer must be an absolute URL, got ${printable(text)}`);
  }
  if (url.search !== '' || url.hash !== '') throw new EndpointAuthError('--oauth-issuer must not have a query or a fragment');
  return text;
}

function checkedAudience(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EndpointAuthError(`--oauth-audience must be this server's absolute URI (e.g. https://mcp.example.com/mcp), got ${printable(text)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EndpointAuthError('--oauth-audience must be an http or https URI');
  if (url.hash !== '') throw new EndpointAuthError('--oauth-audience must not have a fragment');
  return text;
}

function timedFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  return fetch(input, { ...init, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
}

function printable(text: string): string {
  return JSON.stringify(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?'));
}
