/**
 * When a tool call tries the upstream again (call-tool.gen.ts asks after each attempt):
 *
 * - Rate limits: a 429 or 503 answer with `Retry-After` (delay-seconds or an HTTP-date, RFC 9110
 *   §10.2.3) is retried after that delay when the method is idempotent (GET, HEAD, OPTIONS, PUT,
 *   DELETE; RFC 9110 §9.2.2), as long as the waits of the call fit in its retry budget (default
 *   {@link DEFAULT_RETRY_BUDGET_MS}, `<PREFIX>RETRY_BUDGET_MS`, 0 turns retries off) and end
 *   before the call's timeout. POST and PATCH are never retried. When the call gives up (or never
 *   retries), the result is `isError` saying `rate limited, retry after N s`, with N in
 *   `_meta[RETRY_AFTER_META_KEY]`, so the model or its host can wait and call again.
 * - A network error before any byte of the request was sent (the connection could not be
 *   opened: refused, host not found, TLS handshake failed) is retried once, after
 *   {@link NETWORK_RETRY_DELAY_MS}, for idempotent methods: the upstream cannot have acted on it.
 *   (A kept-alive connection found closed is sent again by upstream.gen.ts itself.)
 *
 * An HTTP-date is read against the response's `Date` header when it has one (the upstream's
 * clock), else against ours.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { wasNotSent } from './upstream.gen.js';

/** Total time one call may spend waiting for rate limits to pass. */
export const DEFAULT_RETRY_BUDGET_MS = 10_000;
/** How long before the one retry of a request that could not be sent. */
export const NETWORK_RETRY_DELAY_MS = 250;
/** Rate-limit retries of one call, whatever the budget (`Retry-After: 0` must not loop). */
export const MAX_RATE_LIMIT_RETRIES = 5;
/** `_meta` key of a result whose request was sent more than once: how many retries (a number). */
export const RETRIES_META_KEY = 'openapi-mcp/retries';
/** `_meta` key of a rate-limited result: the seconds the upstream asked to wait (a number). */
export const RETRY_AFTER_META_KEY = 'openapi-mcp/retry-after';

export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const RATE_LIMIT_STATUSES = new Set([429, 503]);
/** Codes of errors that happen before a connection exists (so before any byte was sent), as fetch reports them. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/** What the caller does after an answer: wait and try again, or stop (rate limited, or not). */
export type RetryDecision = { retryInMs: number } | { rateLimitedS: number } | undefined;

/** Seconds an answer asks to wait, or undefined: only 429 and 503 with a readable `Retry-After`. */
export function retryAfterMs(status: number, retryAfter: string | null, date: string | null, now: number): number | undefined {
  if (!RATE_LIMIT_STATUSES.has(status) || retryAfter === null) return undefined;
  const text = retryAfter.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), 86_400 * 365) * 1000;
  const at = Date.parse(text);
  if (!/[A-Za-z]/.test(text) || Number.isNaN(at)) return undefined;
  const reference = date === null ? Number.NaN : Date.parse(date);
  return Math.max(0, at - (Number.isNaN(reference) ? now : reference));
}

/** The retry state of one tool call. */
export class CallRetries {
  /** How many times the request was sent again (for the call log). */
  retries = 0;
  #waitedMs = 0;
  #rateLimitRetries = 0;
  #networkRetried = false;
  readonly #idempotent: boolean;
  readonly #budgetMs: number;
  readonly #deadline: number;
  readonly #now: () => number;

  constructor(method: string, budgetMs: number, deadline: number, now: () => number = Date.now) {
    this.#idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase());
    this.#budgetMs = budgetMs;
    this.#deadline = deadline;
    this.#now = now;
  }

  /** After an answer: retry it after a delay, report it as rate limited, or neither (undefined). */
  afterResponse(status: number, header: (name: string) => string | null): RetryDecision {
    const now = this.#now();
    const delay = retryAfterMs(status, header('retry-after'), header('date'), now);
    if (delay === undefined) return undefined;
    const fits = this.#idempotent
      && this.#rateLimitRetries < MAX_RATE_LIMIT_RETRIES
      && this.#waitedMs + delay <= this.#budgetMs
      && now + delay < this.#deadline;
    if (!fits) return { rateLimitedS: Math.ceil(delay / 1000) };
    this.#rateLimitRetries++;
    this.#waitedMs += delay;
    this.retries++;
    return { retryInMs: delay };
  }

  /** After a failed exchange: the delay before the one retry, or undefined to give up. */
  afterNetworkError(error: unknown): number | undefined {
    if (!this.#idempotent || this.#networkRetried || !notSent(error)) return undefined;
    if (this.#now() + NETWORK_RETRY_DELAY_MS >= this.#deadline) return undefined;
    this.#networkRetried = true;
    this.retries++;
    return NETWORK_RETRY_DELAY_MS;
  }
}

function notSent(error: unknown): boolean {
  if (wasNotSent(error)) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return CONNECT_CODES.has(code);
    current = current.cause;
  }
  return false;
}

/** The usual result of the rate-limited answer, told as such: `rate limited, retry after N s: HTTP 429 …`. */
export function rateLimitedResult(result: CallToolResult, seconds: number): CallToolResult {
  const [first, ...rest] = result.content;
  const lead = `rate limited, retry after ${seconds} s`;
  const content = first?.type === 'text' ? [{ ...first, text: `${lead}: ${first.text}` }, ...rest] : [{ type: 'text' as const, text: lead }, ...result.content];
  return { ...result, content, isError: true, _meta: { ...result._meta, [RETRY_AFTER_META_KEY]: seconds } };
}

/** The budget from the variable `name` (a whole number of ms, 0 allowed), else the default; a bad value is logged. */
export function retryBudgetFrom(name: string | undefined, env: Record<string, string | undefined>, log: (line: string) => void): number {
  const text = name === undefined ? undefined : env[name]?.trim();
  if (text === undefined || text === '') return DEFAULT_RETRY_BUDGET_MS;
  const ms = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(ms)) return ms;
  log(`${name} must be a whole number of milliseconds; using ${DEFAULT_RETRY_BUDGET_MS}`);
  return DEFAULT_RETRY_BUDGET_MS;
}

/** Waits `ms` unless `signal` aborts first (then rejects with its reason). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
