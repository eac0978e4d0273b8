/**
 * The tool call pipeline: arguments → upstream request (request.gen.ts) → credentials
 * (auth.gen.ts) → the HTTP exchange under a timeout (upstream.gen.ts: node:http, or a given
 * `fetch`) → MCP result (result.gen.ts).
 *
 * It never throws for anything the upstream, the network, the arguments or the environment do:
 * each failure becomes an `isError` result with a short message (`_meta[ERROR_META_KEY]` says
 * which kind). Messages never hold credentials nor the request URL (its query may carry an API
 * key); text taken from the upstream's answer has the credentials sent with the request redacted.
 *
 * Redirects are followed here (up to {@link MAX_REDIRECTS}), as the Fetch standard says, but
 * unlike fetch itself, which drops `Authorization` and `Cookie` when a redirect leaves the origin
 * but forwards every other header, so an API key sent in a custom header would reach the other
 * host. On a cross-origin hop every header carrying a credential is removed.
 *
 * An OAuth2 token fetched from a token endpoint that the upstream rejects with 401 is dropped from
 * the cache and the call is tried once more with a fresh token (it may have been revoked early).
 *
 * Rate limits (429/503 with Retry-After) and requests that could not be sent are retried for
 * idempotent methods as retry.gen.ts decides; each attempt is built afresh.
 *
 * The user's hooks (hooks.gen.ts, run by hook-calls.gen.ts) wrap the steps: buildRequest →
 * `beforeRequest` → `auth` (instead of the environment's credentials) → fetch → `afterResponse` →
 * result. A hook that throws answers `isError` naming the hook (`_meta[ERROR_META_KEY]` = `hook`),
 * logged once on stderr; both redacted like every other message.
 */
import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { Continuation } from './input-gate.gen.js';
import { AuthError } from './auth-error.gen.js';
import { applyCredentials, type AppliedCredentials } from './auth.gen.js';
import { copyRequest, HookFailure, hookFailureText, runAfterResponse, runAuth, runBeforeRequest, toolContext } from './hook-calls.gen.js';
import { usableHooks, type Hooks } from './hooks.gen.js';
import { describeNetworkError } from './network-error.gen.js';
import type { TokenCache } from './oauth-token.gen.js';
import { buildRequest, RequestError, toFetchInit, type PreparedRequest } from './request.gen.js';
import { redactSecrets } from './redact.gen.js';
import { CallRetries, DEFAULT_RETRY_BUDGET_MS, rateLimitedResult, RETRIES_META_KEY, sleep } from './retry.gen.js';
import { applyTraceContext } from './trace-context.gen.js';
import { DEFAULT_MAX_TEXT_BYTES, errorResult, toToolResult } from './result.gen.js';
import { isHttpEntry, type ApiConfig, type ToolEntry } from './types.gen.js';
import { fetchExchange, nodeExchange, type Exchange, type UpstreamResponse } from './upstream.gen.js';
import { REDIRECT_STATUSES } from './upstream-response.gen.js';

/** Upstream request timeout when the environment does not set one: covers token fetch, request and body. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 10;

export interface ToolCallerDeps {
  config: ApiConfig;
  baseUrl: string;
  /** The base URL for one tool (operation-level servers); default: always `baseUrl`. */
  baseUrlFor?: (entry: ToolEntry) => string;
  env: Record<string, string | undefined>;
  /**
   * Sends the upstream requests (and OAuth token requests) when given. Default: upstream requests
   * on node:http/node:https (upstream.gen.ts), token requests with the global fetch.
   */
  fetch?: typeof fetch;
  timeoutMs: number;
  tokens: TokenCache;
  /** Default {@link DEFAULT_MAX_TEXT_BYTES}. */
  maxTextBytes?: number;
  /** By tool name; tools with an outputSchema. */
  outputValidators?: ReadonlyMap<string, (value: unknown) => string | undefined>;
  /** The user's hooks (src/hooks.ts); `tools` overrides are applied before, by tool-overrides.gen.ts. */
  hooks?: Hooks;
  /** The generated name of each tool a `tools` override replaced; default: its own name. */
  generatedNames?: ReadonlyMap<ToolEntry, string>;
  /** Where a failing hook is reported; default: stderr. */
  log?: (line: string) => void;
  /** The user-agent of upstream requests that set none themselves (package-info.gen.ts). */
  userAgent?: string;
  /** How long one call may wait for rate limits in all (retry.gen.ts); default {@link DEFAULT_RETRY_BUDGET_MS}, 0: no retries. */
  retryBudgetMs?: number;
}

/** `request`: the SDK's context of the tools/call (progress, `_meta`…); handler tools use it, see handler-call.gen.ts. */
/**
 * One tool call. `request` is the SDK's context of the tools/call; `continuation` lets the call ask
 * the client for more input (`input_required`, see input-gate.gen.ts): only manifest handlers do.
 */
export type ToolCaller<R extends CallToolResult | InputRequiredResult = CallToolResult> = (
  entry: ToolEntry,
  args: Record<string, unknown>,
  signal?: AbortSignal,
  request?: ServerContext,
  continuation?: Continuation,
) => Promise<R>;

/** What the server factory takes: an HTTP tool caller, or the handler caller that may also ask for input. */
export type AnyToolCaller = ToolCaller<CallToolResult | InputRequiredResult>;

const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

export function createToolCaller(deps: ToolCallerDeps): ToolCaller {
  const fetchImpl = deps.fetch ?? fetch;
  const exchange = deps.fetch !== undefined ? fetchExchange(deps.fetch) : nodeExchange;
  const maxTextBytes = deps.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  const upstream = safeHost(deps.baseUrl);
  const hooks = usableHooks(deps.hooks);
  const hooked = hooks.beforeRequest !== undefined || hooks.auth !== undefined || hooks.afterResponse !== undefined;
  const log = deps.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const call = async (entry: ToolEntry, args: Record<string, unknown>, signal: AbortSignal | undefined, request: ServerContext | undefined, retry: CallRetries): Promise<CallToolResult> => {
    if (!isHttpEntry(entry)) return errorResult(`tool ${entry.definition.name} has no HTTP binding`, 'request'); // handler tools: handler-call.gen.ts
    // One signal for the timeout and the caller's cancellation, released when the call ends: cheaper
    // than AbortSignal.timeout + AbortSignal.any, whose timer and signals live on for the whole timeout.
    const controller = new AbortController();
    const combined = controller.signal;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`upstream did not answer within ${deps.timeoutMs} ms`, 'TimeoutError'));
    }, deps.timeoutMs);
    timer.unref();
    const cancel = (): void => controller.abort(signal?.reason);
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
    const context = hooked ? toolContext(entry, deps.generatedNames?.get(entry) ?? entry.definition.name, args, combined) : undefined;
    // Live: the auth hook adds to it as it sets credentials, so a failure mid-way is still redacted.
    let secrets: string[] = [];
    let host = upstream;
    let refreshed = false;
    try {
      for (;;) {
        let req = buildRequest(entry.binding, args, deps.baseUrlFor?.(entry) ?? deps.baseUrl, entry.definition.inputSchema);
        if (deps.userAgent !== undefined && !req.headers.has('user-agent')) req.headers.set('user-agent', deps.userAgent);
        applyTraceContext(req.headers, request?.mcpReq._meta);
        if (hooks.beforeRequest !== undefined) req = await runBeforeRequest(hooks.beforeRequest, context!, req);
        host = safeHost(req.url.href);
        const sent = hooks.afterResponse !== undefined ? copyRequest(req) : req;
        const fromEnvironment = (): Promise<AppliedCredentials> =>
          applyCredentials(req, entry.binding.security, deps.config.credentials, deps.env, deps.tokens, fetchImpl, combined);
        let applied: AppliedCredentials;
        if (hooks.auth !== undefined) {
          applied = { secrets: [], fetchedTokens: [] };
          secrets = applied.secrets;
          await runAuth(hooks.auth, context!, req, applied, fromEnvironment);
        } else {
          applied = await fromEnvironment();
        }
        secrets = applied.secrets.filter((s) => s !== '');
        let response: UpstreamResponse;
        try {
          response = await send(exchange, req, combined, secrets);
        } catch (error) {
          const delay = combined.aborted ? undefined : retry.afterNetworkError(error);
          if (delay === undefined) throw error;
          await sleep(delay, combined);
          continue;
        }
        if (response.status === 401 && !refreshed && applied.fetchedTokens.filter((t) => deps.tokens.invalidate(t)).length > 0) {
          refreshed = true;
          await response.discard();
          continue;
        }
        const limited = retry.afterResponse(response.status, (name) => response.header(name));
        if (limited !== undefined && 'retryInMs' in limited) {
          await response.discard();
          await sleep(limited.retryInMs, combined);
          continue;
        }
        const validateOutput = deps.outputValidators?.get(entry.definition.name);
        const toResult = (answer: Response | UpstreamResponse): Promise<CallToolResult> =>
          toToolResult(answer, entry, {
            maxTextBytes,
            ...(validateOutput !== undefined ? { validateOutput } : {}),
            redact: (text) => redactSecrets(text, secrets),
          });
        if (hooks.afterResponse !== undefined) return await runAfterResponse(hooks.afterResponse, context!, sent, response.toResponse(), toResult);
        const result = await toResult(response);
        return limited === undefined ? result : rateLimitedResult(result, limited.rateLimitedS);
      }
    } catch (error) {
      if (combined.aborted) {
        return timedOut
          ? errorResult(`upstream did not answer within ${deps.timeoutMs} ms`, 'timeout')
          : errorResult('the call was cancelled before the upstream answered', 'cancelled');
      }
      if (error instanceof HookFailure) {
        const text = hookFailureText(error, secrets);
        log(`${deps.config.name}: tool ${JSON.stringify(entry.definition.name)}: ${text}`);
        return errorResult(text, 'hook');
      }
      if (error instanceof RequestError) return errorResult(redactSecrets(error.message, secrets), 'request');
      if (error instanceof AuthError) return errorResult(redactSecrets(error.message, secrets), 'auth');
      return errorResult(`request to ${host} failed: ${redactSecrets(describeNetworkError(error), secrets)}`, 'network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  };
  return async (entry, args, signal, request) => {
    const retry = new CallRetries(isHttpEntry(entry) ? entry.binding.method : 'GET', deps.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS, Date.now() + deps.timeoutMs);
    const result = await call(entry, args, signal, request, retry);
    return retry.retries === 0 ? result : { ...result, _meta: { ...result._meta, [RETRIES_META_KEY]: retry.retries } };
  };
}

/** The exchange, with redirects followed by hand (see the header comment). */
async function send(exchange: Exchange, req: PreparedRequest, signal: AbortSignal, secrets: readonly string[]): Promise<UpstreamResponse> {
  const { url, init } = toFetchInit(req);
  let current = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
  let body = req.body ?? null;
  for (let hop = 0; ; hop++) {
    const response = await exchange({ method, url: current, headers, body, signal });
    const location = response.header('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null || hop === MAX_REDIRECTS) return response;
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return response; // not a URL: the 3xx goes back to the model as it is
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') return response;
    await response.discard();
    headers = new Headers(headers);
    // Fetch standard, HTTP-redirect fetch step 12: 303 (except HEAD), and 301/302 after POST, become a GET without body.
    if ((response.status === 303 && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = null;
      for (const name of BODY_HEADERS) headers.delete(name);
    }
    if (next.origin !== current.origin) {
      for (const name of ['authorization', 'proxy-authorization', 'cookie']) headers.delete(name);
      for (const [name, value] of [...headers]) {
        if (secrets.some((secret) => value.includes(secret))) headers.delete(name);
      }
    }
    current = next;
  }
}

/** `host[:port]` of a URL, without userinfo, path or query; `the upstream` if it does not parse. */
function safeHost(url: string): string {
  try {
    return new URL(url).host || 'the upstream';
  } catch {
    return 'the upstream';
  }
}
