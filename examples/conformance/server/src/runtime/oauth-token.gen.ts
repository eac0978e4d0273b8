/**
 * OAuth2 client credentials (RFC 6749 §4.4): the token request, and the cache of access tokens.
 *
 * The cache is an object created once by `main` and passed to the tool caller (no module state).
 * A token is kept until its `expires_in` minus a safety margin, then fetched again; concurrent
 * calls that need the same token share one in-flight request; a failed request is not cached (the
 * next call tries again). The clock is injectable for tests. Token endpoint errors become an
 * AuthError with the status and the OAuth error code, never the client secret.
 */
import { AuthError } from './auth-error.gen.js';
import { describeNetworkError } from './network-error.gen.js';
import { redactSecrets } from './redact.gen.js';

/** How long a token endpoint may take; the request is shared by concurrent calls, so it has its own limit. */
export const TOKEN_REQUEST_TIMEOUT_MS = 30_000;

/** Fetch a token this long before the upstream says it expires (clock skew, request latency). */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;
/** How long a token is kept when the token endpoint does not say (`expires_in` is only RECOMMENDED, RFC 6749 §5.1). */
export const DEFAULT_TOKEN_LIFETIME_MS = 300_000;

export interface FetchedToken {
  accessToken: string;
  /** `expires_in` from the token response, in seconds. */
  expiresInS?: number;
}

export interface TokenCacheOptions {
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** Default {@link TOKEN_EXPIRY_MARGIN_MS}; never more than half of a token's lifetime. */
  marginMs?: number;
}

type Entry =
  | { state: 'pending'; promise: Promise<FetchedToken> }
  | { state: 'ready'; token: string; expiresAt: number };

export class TokenCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #marginMs: number;

  constructor(options: TokenCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#marginMs = options.marginMs ?? TOKEN_EXPIRY_MARGIN_MS;
  }

  /**
   * The cached token for `key`, or the result of `fetchToken` (shared by every caller waiting for
   * the same key). `signal` only stops this caller from waiting: a shared fetch keeps going for the
   * others, bounded by whatever timeout `fetchToken` applies itself.
   */
  async get(key: string, fetchToken: () => Promise<FetchedToken>, signal?: AbortSignal): Promise<string> {
    const entry = this.#entries.get(key);
    if (entry?.state === 'ready' && this.#now() < entry.expiresAt) return entry.token;
    let promise: Promise<FetchedToken>;
    if (entry?.state === 'pending') {
      promise = entry.promise;
    } else {
      promise = this.#start(key, fetchToken);
    }
    const fetched = await abortable(promise, signal);
    return fetched.accessToken;
  }

  /**
   * Forgets a token the upstream rejected (HTTP 401), so the next call fetches a new one.
   * Returns whether `token` was one this cache handed out.
   */
  invalidate(token: string): boolean {
    for (const [key, entry] of this.#entries) {
      if (entry.state === 'ready' && entry.token === token) {
        this.#entries.delete(key);
        return true;
      }
    }
    return false;
  }

  #start(key: string, fetchToken: () => Promise<FetchedToken>): Promise<FetchedToken> {
    const promise = (async () => fetchToken())();
    const entry: Entry = { state: 'pending', promise };
    this.#entries.set(key, entry);
    promise.then(
      (fetched) => {
        if (this.#entries.get(key) !== entry) return;
        this.#entries.set(key, { state: 'ready', token: fetched.accessToken, expiresAt: this.#expiry(fetched) });
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return promise;
  }

  #expiry(fetched: FetchedToken): number {
    const lifetime = fetched.expiresInS !== undefined && Number.isFinite(fetched.expiresInS) && fetched.expiresInS >= 0
      ? fetched.expiresInS * 1000
      : DEFAULT_TOKEN_LIFETIME_MS;
    return this.#now() + lifetime - Math.min(this.#marginMs, lifetime / 2);
  }
}

/** Waits for `promise` unless `signal` aborts first (then rejects with the signal's reason). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** RFC 6749 §4.4 with client authentication by HTTP Basic (§2.3.1: id and secret form-encoded first). */
export async function requestClientCredentialsToken(fetchImpl: typeof fetch, tokenUrl: string, clientId: string, clientSecret: string, scopes: string[]): Promise<FetchedToken> {
  const where = tokenEndpointName(tokenUrl);
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scopes.length > 0) body.set('scope', scopes.join(' '));
  const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`, 'utf8').toString('base64');
  let response: Response;
  try {
    response = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: body.toString(),
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${TOKEN_REQUEST_TIMEOUT_MS} ms` : describeNetworkError(error);
    throw new AuthError(`OAuth token request to ${where} failed: ${reason}`);
  }
  const text = await response.text().catch(() => '');
  const fields = parseTokenResponse(text, response.headers.get('content-type') ?? '');
  const secrets = [clientSecret, basic];
  if (!response.ok) {
    const code = typeof fields.error === 'string' && /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(fields.error) ? ` (${fields.error}` : '';
    const description = code !== '' && typeof fields.error_description === 'string'
      ? `: ${redactSecrets(fields.error_description, secrets).replace(/\s+/g, ' ').slice(0, 200)})`
      : code !== '' ? ')' : '';
    throw new AuthError(`OAuth token request to ${where} failed: HTTP ${response.status}${code}${description}`, response.status);
  }
  const accessToken = fields.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new AuthError(`OAuth token response from ${where} has no access_token`, response.status);
  }
  const expiresIn = typeof fields.expires_in === 'number' ? fields.expires_in : Number(fields.expires_in);
  // A missing, zero or unreadable lifetime gets the default (a 401 then drops the token early).
  return { accessToken, ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresInS: expiresIn } : {}) };
}

/** JSON (RFC 6749 §5.1), or the form encoding some older providers still answer with. */
function parseTokenResponse(text: string, contentType: string): Record<string, unknown> {
  if (/application\/x-www-form-urlencoded|text\/plain/i.test(contentType) && !text.trimStart().startsWith('{')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function formEncode(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

/** The token URL without userinfo, query or fragment. */
function tokenEndpointName(tokenUrl: string): string {
  const url = new URL(tokenUrl);
  return `${url.origin}${url.pathname}`;
}
