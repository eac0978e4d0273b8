/**
 * The tool caller of a generated server, set up from its configuration and environment: the
 * upstream base URL (`--base-url`, the environment, the spec's servers; per-operation servers),
 * the call timeout, the retry budget, the OAuth client-credentials token cache and the limit on
 * concurrent upstream calls (call-limit.gen.ts).
 */
import { createToolCaller, DEFAULT_TIMEOUT_MS, type ToolCaller, type ToolCallerDeps } from './call-tool.gen.js';
import { BaseUrlError, resolveBaseUrl } from './base-url.gen.js';
import { limitConcurrency } from './call-limit.gen.js';
import type { Environment } from './env-file.gen.js';
import { TokenCache } from './oauth-token.gen.js';
import { errorResult } from './result.gen.js';
import { retryBudgetFrom } from './retry.gen.js';
import type { Logger } from './server.gen.js';
import type { ApiConfig, ToolEntry } from './types.gen.js';
import { printable } from './usage.gen.js';

/**
 * The real tool caller. A base URL problem (a relative server URL, a bad environment value) does
 * not stop the server: tools/list still works and every call answers with what to configure.
 */
export function createUpstreamCaller(
  config: ApiConfig,
  env: Environment,
  override: string | undefined,
  outputValidators: ReadonlyMap<string, (value: unknown) => string | undefined>,
  log: Logger,
  user: Pick<ToolCallerDeps, 'hooks' | 'generatedNames' | 'log' | 'userAgent'>,
): ToolCaller {
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(config.servers, env, config.env, override);
  } catch (error) {
    if (!(error instanceof BaseUrlError)) throw error;
    const text = `No upstream base URL: ${error.message}`;
    log(`${printable(config.name)}: ${text}; every tool call will fail until it is set`);
    return async () => errorResult(text, 'request');
  }
  return limitConcurrency(createToolCaller({
    config,
    baseUrl,
    baseUrlFor: operationBaseUrls(config, env, override, baseUrl),
    env,
    timeoutMs: timeoutFrom(config, env, log),
    retryBudgetMs: retryBudgetFrom(config.env.retryBudgetMs, env, (line) => log(`${printable(config.name)}: ${line}`)),
    tokens: new TokenCache(),
    outputValidators,
    ...user,
  }));
}

/** Where each tool's calls go (for confirmation messages); `undefined` per tool when no base URL resolves. */
export function upstreamBaseUrls(config: ApiConfig, env: Environment, override: string | undefined): (entry: ToolEntry) => string | undefined {
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(config.servers, env, config.env, override);
  } catch {
    return () => undefined;
  }
  return operationBaseUrls(config, env, override, baseUrl);
}

/**
 * Operations that declare their own servers (e.g. an upload host) go there, unless the user set
 * the base URL explicitly (--base-url or the environment), which then applies to every tool. An
 * operation server that cannot be resolved (relative URL) falls back to the API's base URL.
 */
function operationBaseUrls(config: ApiConfig, env: Environment, override: string | undefined, baseUrl: string): (entry: ToolEntry) => string {
  const explicit = (override ?? '') !== '' || (env[config.env.baseUrl] ?? '') !== '';
  const cache = new Map<ToolEntry, string>();
  return (entry) => {
    const servers = entry.binding.kind === 'http' ? entry.binding.servers : undefined;
    if (explicit || servers === undefined || servers.length === 0) return baseUrl;
    let url = cache.get(entry);
    if (url === undefined) {
      try {
        url = resolveBaseUrl(servers, env, config.env);
      } catch {
        url = baseUrl;
      }
      cache.set(entry, url);
    }
    return url;
  };
}

function timeoutFrom(config: ApiConfig, env: Environment, log: Logger): number {
  const text = env[config.env.timeoutMs];
  if (text === undefined || text === '') return DEFAULT_TIMEOUT_MS;
  const ms = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(ms) && ms > 0) return ms;
  log(`${printable(config.name)}: ${config.env.timeoutMs} must be a positive number of milliseconds; using ${DEFAULT_TIMEOUT_MS}`);
  return DEFAULT_TIMEOUT_MS;
}
