/**
 * The hosts that receive credentials, printed when the server starts: the base URL's host, the
 * hosts of operations that declare their own servers, and each OAuth2 token URL's host. A user
 * must be able to see where a configured secret goes. A static server knows its tools' routes
 * ({@link credentialRoutes}); a dynamic one, which loads no tool at start, takes the package's
 * (`config.credentialRoutes`, written by the generator).
 */
import { resolveBaseUrl } from './base-url.gen.js';
import type { ApiConfig, CredentialRoute, ToolEntry } from './types.gen.js';

type Environment = Record<string, string | undefined>;

/** The routes of `tools`: each tool's schemes and own servers (tools that send no credentials have none). */
export function credentialRoutes(tools: readonly ToolEntry[]): CredentialRoute[] {
  const routes: CredentialRoute[] = [];
  for (const entry of tools) {
    if (entry.binding.kind !== 'http') continue;
    const schemes = entry.binding.security.flatMap((requirement) => Object.keys(requirement));
    if (schemes.length > 0) routes.push(entry.binding.servers === undefined ? { schemes } : { schemes, servers: entry.binding.servers });
  }
  return routes;
}

/** `host (why), host (why)` for every credential-bearing host, or `undefined` when no route sends credentials. */
export function describeCredentialHosts(config: ApiConfig, routes: readonly CredentialRoute[], env: Environment, override: string | undefined): string | undefined {
  const hosts = new Map<string, Set<string>>();
  const add = (url: string | undefined, why: string): void => {
    if (url === undefined) return;
    const host = URL.canParse(url) ? new URL(url).host : url;
    hosts.set(host, (hosts.get(host) ?? new Set()).add(why));
  };
  const base = tryResolve(() => resolveBaseUrl(config.servers, env, config.env, override));
  const explicit = (override ?? '') !== '' || (env[config.env.baseUrl] ?? '') !== '';
  const schemes = new Set<string>();
  for (const route of routes) {
    if (route.schemes.length === 0) continue;
    for (const name of route.schemes) schemes.add(name);
    const own = route.servers;
    if (explicit || own === undefined || own.length === 0) add(base, 'base URL');
    else add(tryResolve(() => resolveBaseUrl(own, env, config.env)) ?? base, 'operation servers');
  }
  for (const name of [...schemes].sort()) {
    const source = Object.hasOwn(config.credentials, name) ? config.credentials[name] : undefined;
    if (source?.type !== 'oauth2-client-credentials') continue;
    const text = env[source.env.tokenUrl] || source.tokenUrl;
    add(URL.canParse(text, base) ? new URL(text, base).href : text, `token URL of ${JSON.stringify(name)}`);
  }
  if (hosts.size === 0) return undefined;
  return [...hosts].map(([host, why]) => `${host} (${[...why].join(', ')})`).join(', ');
}

function tryResolve(resolve: () => string): string | undefined {
  try {
    return resolve();
  } catch {
    return undefined;
  }
}
