/**
 * Credentials for the upstream request, read from environment variables (`ApiConfig.credentials`
 * names the variables of each security scheme).
 *
 * Which alternative: an operation's `security` lists alternatives, each needing all its schemes.
 * The first alternative whose variables are all set is used. An empty alternative `{}` (anonymous
 * access) is used only when no alternative with credentials can be satisfied: `[{}, {key: []}]`
 * usually means "authentication optional", and a user who configured a key wants it sent.
 * None satisfiable → {@link AuthError} naming the variables to set (never their values).
 *
 * How: apiKey → header, query or cookie; HTTP bearer → `Authorization: Bearer`; HTTP basic →
 * base64 `user:password` (the password may be empty: some APIs take a key as user name); a ready
 * token → `Authorization: <scheme> <token>` (Bearer for OAuth2 / OpenID Connect); OAuth2 client
 * credentials → a token from `tokenUrl` (RFC 6749 §4.4), cached in a {@link TokenCache}, unless
 * the scheme's token variable is set, which is then used as is.
 *
 * Secrecy: values never appear in messages. {@link applyCredentials} returns the secret values it
 * placed in the request so callers can redact them from anything the upstream echoes back. A basic
 * user name is one of them only when the password is empty: then it is the API key (Stripe's
 * `sk_…:`); next to a password it is an account name (Twilio's `AC…`) that results rightly show.
 *
 * Unset: a variable that is empty, blank or still {@link PLACEHOLDER}, the value `--host-config`
 * and the README print for every credential variable. A user who fills in the one alternative they
 * have (Stripe's bearer token) and leaves the others as printed gets that one sent, not `...:...`.
 */
import { AuthError } from './auth-error.gen.js';
import { requestClientCredentialsToken, type TokenCache } from './oauth-token.gen.js';
import { encodeCookieValue, encodeUnreserved } from './percent-encode.gen.js';
import { appendQueryParameter, type PreparedRequest } from './request.gen.js';
import type { ApiConfig, CredentialSource, SecurityRequirement } from './types.gen.js';

export { AuthError } from './auth-error.gen.js';

export interface AppliedCredentials {
  /** Every secret value now in the request (keys, tokens, passwords, the basic header value). */
  secrets: string[];
  /** Access tokens that came from a token endpoint (a 401 may mean one was revoked early). */
  fetchedTokens: string[];
}


type Env = Record<string, string | undefined>;

/** What host entries and the README put where a credential goes (host-config.gen.ts). */
export const PLACEHOLDER = '...';

/** A header value the fetch Headers class accepts: no CR, LF or NUL, nothing above U+00FF. */
const HEADER_UNSAFE = /[\0\r\n\u0100-\uffff]/;

export async function applyCredentials(
  req: PreparedRequest,
  requirements: SecurityRequirement[],
  credentials: ApiConfig['credentials'],
  env: Env,
  tokens: TokenCache,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<AppliedCredentials> {
  const applied: AppliedCredentials = { secrets: [], fetchedTokens: [] };
  if (requirements.length === 0) return applied;
  const chosen = requirements.find((alt) => Object.keys(alt).length > 0 && Object.keys(alt).every((name) => satisfied(sourceOf(credentials, name), env)));
  if (chosen === undefined) {
    if (requirements.some((alt) => Object.keys(alt).length === 0)) return applied;
    throw new AuthError(missingMessage(requirements, credentials));
  }
  for (const [name, scopes] of Object.entries(chosen)) {
    const source = sourceOf(credentials, name);
    if (source === undefined) continue; // unreachable: satisfied() checked it
    await applyOne(req, source, scopes, env, tokens, fetchImpl, signal, applied);
  }
  return applied;
}

/** Own properties only: a scheme named `constructor` must not find Object.prototype's. */
function sourceOf(credentials: ApiConfig['credentials'], name: string): CredentialSource | undefined {
  return Object.hasOwn(credentials, name) ? credentials[name] : undefined;
}

function value(env: Env, name: string, trim = true): string | undefined {
  const raw = Object.hasOwn(env, name) ? env[name] : undefined;
  if (raw === undefined) return undefined;
  const v = trim ? raw.trim() : raw;
  return v === '' || v.trim() === PLACEHOLDER ? undefined : v;
}

function satisfied(source: CredentialSource | undefined, env: Env): boolean {
  switch (source?.type) {
    case 'apiKey':
      return value(env, source.env.value) !== undefined;
    case 'http-bearer':
    case 'token':
      return value(env, source.env.token) !== undefined;
    case 'http-basic':
      return value(env, source.env.username, false) !== undefined;
    case 'oauth2-client-credentials':
      return value(env, source.env.token) !== undefined
        || (value(env, source.env.clientId) !== undefined && value(env, source.env.clientSecret) !== undefined);
    default:
      return false; // unsupported, or a scheme the config does not know
  }
}

function missingMessage(requirements: SecurityRequirement[], credentials: ApiConfig['credentials']): string {
  const options: string[] = [];
  const notes: string[] = [];
  for (const alt of requirements) {
    const parts: string[] = [];
    let possible = true;
    for (const name of Object.keys(alt)) {
      const source = sourceOf(credentials, name);
      const vars = source === undefined ? undefined : variablesOf(source);
      if (vars === undefined) {
        possible = false;
        const why = source?.type === 'unsupported' ? source.reason : 'not configured';
        notes.push(`security scheme ${JSON.stringify(name)}: ${why}`);
      } else {
        parts.push(vars);
      }
    }
    if (possible && !options.includes(parts.join(' and '))) options.push(parts.join(' and '));
  }
  if (options.length > 0) return `Missing credentials: set ${options.join(', or set ')} in the server's environment.`;
  return `Missing credentials: this server cannot supply what this operation needs (${[...new Set(notes)].join('; ')}).`;
}

/**
 * For the start line: when none of `schemes` (those the served tools use) has its variables set,
 * what to set, as a call would say it (`GITHUB_TOKEN`; `A and B, or C`); else undefined. A user who
 * forgot the host's "env" block learns it at start, not from the first call.
 */
export function unsetCredentials(credentials: ApiConfig['credentials'], schemes: readonly string[], env: Env): string | undefined {
  const names = [...new Set(schemes)].sort();
  if (names.length === 0 || names.some((name) => satisfied(sourceOf(credentials, name), env))) return undefined;
  const options = names.flatMap((name) => {
    const source = sourceOf(credentials, name);
    const vars = source === undefined ? undefined : variablesOf(source);
    return vars === undefined ? [] : [vars];
  });
  return options.length === 0 ? undefined : options.join(', or ');
}

function variablesOf(source: CredentialSource): string | undefined {
  switch (source.type) {
    case 'apiKey':
      return source.env.value;
    case 'http-bearer':
    case 'token':
      return source.env.token;
    case 'http-basic':
      return `${source.env.username} and ${source.env.password}`;
    case 'oauth2-client-credentials':
      return `${source.env.clientId} and ${source.env.clientSecret} (or a ready token in ${source.env.token})`;
    case 'unsupported':
      return undefined;
  }
}

async function applyOne(
  req: PreparedRequest,
  source: CredentialSource,
  scopes: string[],
  env: Env,
  tokens: TokenCache,
  fetchImpl: typeof fetch,
  signal: AbortSignal | undefined,
  applied: AppliedCredentials,
): Promise<void> {
  switch (source.type) {
    case 'apiKey': {
      const key = value(env, source.env.value) ?? '';
      applied.secrets.push(key);
      if (source.in === 'query') {
        const encoded = encodeUnreserved(key, source.env.value);
        if (encoded !== key) applied.secrets.push(encoded); // an echoed URL shows this form
        appendQueryParameter(req.url, source.name, key); // re-serializing url.searchParams would re-encode the other parameters
      } else if (source.in === 'header') {
        if (!TOKEN.test(source.name)) throw new AuthError(`the API key header name ${JSON.stringify(source.name)} is not a valid HTTP header name`);
        req.headers.set(source.name, headerSafe(key, source.env.value));
      } else {
        const encoded = encodeCookieValue(headerSafe(key, source.env.value), source.env.value);
        if (encoded !== key) applied.secrets.push(encoded);
        req.cookies.push([source.name, encoded]);
      }
      return;
    }
    case 'http-bearer':
      setAuthorization(req, 'Bearer', value(env, source.env.token) ?? '', source.env.token, applied);
      return;
    case 'token':
      setAuthorization(req, authScheme(source.scheme), value(env, source.env.token) ?? '', source.env.token, applied);
      return;
    case 'http-basic': {
      const user = value(env, source.env.username, false) ?? '';
      const password = value(env, source.env.password, false) ?? '';
      const encoded = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
      applied.secrets.push(password === '' ? user : password, encoded);
      req.headers.set('Authorization', `Basic ${encoded}`);
      return;
    }
    case 'oauth2-client-credentials': {
      const ready = value(env, source.env.token);
      if (ready !== undefined) {
        setAuthorization(req, 'Bearer', ready, source.env.token, applied);
        return;
      }
      const clientId = value(env, source.env.clientId) ?? '';
      const clientSecret = value(env, source.env.clientSecret) ?? '';
      applied.secrets.push(clientSecret);
      const wanted = [...new Set(scopes.length > 0 ? scopes : source.scopes)].sort();
      // The token URL from the environment (the README and the start-up line show where secrets go) wins over the spec's.
      const tokenUrlText = value(env, source.env.tokenUrl) ?? source.tokenUrl;
      const tokenUrl = URL.canParse(tokenUrlText, req.url.href) ? new URL(tokenUrlText, req.url).href : undefined;
      if (tokenUrl === undefined) throw new AuthError('the OAuth2 token URL of this API is not a valid URL');
      const key = JSON.stringify([tokenUrl, clientId, wanted]);
      const token = await tokens.get(key, () => requestClientCredentialsToken(fetchImpl, tokenUrl, clientId, clientSecret, wanted), signal);
      applied.fetchedTokens.push(token);
      setAuthorization(req, 'Bearer', token, 'the token endpoint\'s access_token', applied);
      return;
    }
    case 'unsupported':
      throw new AuthError(`this server cannot supply these credentials (${source.reason})`);
  }
}

function setAuthorization(req: PreparedRequest, scheme: string, token: string, origin: string, applied: AppliedCredentials): void {
  // Accept a variable that already holds "Bearer <token>": tokens never contain spaces (RFC 6750 b64token).
  const bare = token.toLowerCase().startsWith(`${scheme.toLowerCase()} `) ? token.slice(scheme.length + 1).trim() : token;
  applied.secrets.push(bare);
  req.headers.set('Authorization', `${scheme} ${headerSafe(bare, origin)}`);
}

function headerSafe(secret: string, origin: string): string {
  // Checked here because the Headers class quotes the offending value in its own error message.
  if (HEADER_UNSAFE.test(secret)) {
    throw new AuthError(`${/\s/.test(origin) ? origin : `environment variable ${origin}`} contains a line break, NUL or a character above U+00FF, which an HTTP header cannot hold`);
  }
  return secret;
}

/** Canonical spelling of registered HTTP auth schemes (IANA); case-insensitive by RFC 9110 §11.1, but not every server agrees. */
const SCHEMES: Record<string, string> = {
  bearer: 'Bearer', basic: 'Basic', digest: 'Digest', dpop: 'DPoP', hoba: 'HOBA', mutual: 'Mutual', negotiate: 'Negotiate',
  oauth: 'OAuth', token: 'Token', oauth2: 'Bearer', openidconnect: 'Bearer', privatetoken: 'PrivateToken',
};

/** RFC 9110 token: anything else (from a crafted spec) would make Headers throw, quoting the credential. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function authScheme(scheme: string): string {
  const key = scheme.toLowerCase();
  if (Object.hasOwn(SCHEMES, key)) return SCHEMES[key]!;
  return TOKEN.test(scheme) ? scheme : 'Bearer';
}
