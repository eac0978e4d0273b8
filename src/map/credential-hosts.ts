import type { DiagnosticBag, SourceLocation } from '../diagnostics.js';
import type { SecurityScheme, Server } from '../model/api-model.js';
import type { ToolModel } from '../model/tool-model.js';

/**
 * Which hosts receive credentials: a user must see every one of them before configuring a secret.
 * A path- or operation-level `servers` entry, an OAuth `tokenUrl` or a server variable can send the
 * API key, Basic credentials or client secret to a host other than the base URL's.
 */
export interface CredentialHost {
  /** `host[:port]`, or the URL text when it has no host (relative: it follows the base URL). */
  host: string;
  /** Why credentials go there, e.g. `base URL`, `servers of 2 operations`, `token URL of security scheme "oauth"`. */
  reasons: string[];
}

/** Variable values in the host part of a server URL may hold only these (no `/`, `?`, `#`, `@`, `\`). */
export const HOST_VARIABLE_VALUE = /^[A-Za-z0-9.:[\]-]*$/;

/**
 * The `{variables}` that sit in the authority (host and port) part of a server URL template, and
 * whether each ends it (`https://api.example.com{basePath}`: a value starting with `/` is a path).
 * The same rule as `substituteVariables` in templates/runtime/base-url.gen.ts, which enforces it.
 */
export function hostVariables(template: string): { name: string; endsHost: boolean }[] {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(template);
  if (scheme === null) return [];
  const found: { name: string; close: number }[] = [];
  let end = template.length;
  for (let i = scheme[0].length; i < template.length; i++) {
    const c = template[i];
    if (c === '/' || c === '?' || c === '#') {
      end = i;
      break;
    }
    if (c === '{') {
      const close = template.indexOf('}', i);
      if (close < 0) break;
      found.push({ name: template.slice(i + 1, close), close });
      i = close;
    }
  }
  return found.map(({ name, close }) => ({ name, endsHost: close + 1 === end }));
}

/** True when `value` for a host variable keeps the request on the host the template names. */
export function isHostValue(value: string, endsHost: boolean): boolean {
  return HOST_VARIABLE_VALUE.test(value) || (endsHost && /^[/?#]/.test(value));
}

/** A server URL with each variable's default; `undefined` when a variable has none or the URL does not parse. */
export function defaultServerUrl(server: Server): URL | undefined {
  const text = server.url.replace(/\{([^}]*)\}/g, (_, name: string) => (Object.hasOwn(server.variables, name) ? server.variables[name]!.default : '\u0000'));
  if (text.includes('\u0000')) return undefined;
  try {
    // Protocol-relative (`//api.example.com`, Kubernetes) names a host too; a path-only URL does not.
    const url = new URL(text, RELATIVE_BASE);
    return url.host === new URL(RELATIVE_BASE).host ? undefined : url;
  } catch {
    return undefined;
  }
}

const RELATIVE_BASE = 'https://relative.invalid/';

/** The hosts every credential-bearing request of `model` goes to, the base URL's first. */
export function credentialHosts(model: ToolModel): CredentialHost[] {
  const hosts = new Map<string, string[]>();
  const add = (host: string, reason: string): void => {
    const reasons = hosts.get(host) ?? [];
    if (!reasons.includes(reason)) reasons.push(reason);
    hosts.set(host, reasons);
  };
  const base = model.servers[0];
  const baseHost = base === undefined ? undefined : hostOf(base);
  const operationServers = new Map<string, number>();
  const usedSchemes = new Set<string>();
  let baseUsed = false;
  for (const tool of model.tools) {
    if (tool.binding.kind !== 'http') continue;
    const schemes = tool.binding.security.flatMap((requirement) => Object.keys(requirement));
    if (schemes.length === 0) continue;
    for (const s of schemes) usedSchemes.add(s);
    const own = tool.binding.servers?.[0];
    if (own === undefined) baseUsed = true;
    else {
      const host = hostOf(own);
      operationServers.set(host, (operationServers.get(host) ?? 0) + 1);
    }
  }
  if (baseUsed && baseHost !== undefined) add(baseHost, 'base URL');
  for (const [host, n] of operationServers) add(host, `servers of ${n} operation${n === 1 ? '' : 's'}`);
  for (const [name, scheme] of Object.entries(model.securitySchemes)) {
    const tokenUrl = usedSchemes.has(name) ? tokenUrlOf(scheme) : undefined;
    if (tokenUrl === undefined) continue;
    add(URL.canParse(tokenUrl) ? new URL(tokenUrl).host : (baseHost ?? tokenUrl), `token URL of security scheme "${name}"`);
  }
  return [...hosts].map(([host, reasons]) => ({ host, reasons }));
}

/** Warns about each credential-bearing host other than the base URL's, and about server variables that would move a host. */
export function checkCredentialHosts(model: ToolModel, diagnostics: DiagnosticBag, at: SourceLocation | undefined): void {
  const baseServer = model.servers[0];
  const baseHost = baseServer === undefined ? undefined : hostOf(baseServer);
  for (const { host, reasons } of credentialHosts(model)) {
    if (host === baseHost || baseHost === undefined) continue;
    diagnostics.warn('credential-host', `credentials are sent to ${host} (${reasons.join('; ')}), not only to the base URL's host ${baseHost}; check that you trust it (the generated README lists every such host)`, at);
  }
  const servers = [...model.servers, ...model.tools.flatMap((t) => (t.binding.kind === 'http' ? (t.binding.servers ?? []) : []))];
  const seen = new Set<string>();
  for (const server of servers) {
    for (const { name, endsHost } of hostVariables(server.url)) {
      const variable = Object.hasOwn(server.variables, name) ? server.variables[name]! : undefined;
      for (const value of [variable?.default ?? '', ...(variable?.enum ?? [])]) {
        if (isHostValue(value, endsHost)) continue;
        const key = `${server.url}\n${name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        diagnostics.warn('server-variable-host', `server variable {${name}} of ${server.url} is in the host, but a value of it is not a host name; the server refuses it at run time`, at);
      }
    }
  }
}

function hostOf(server: Server): string {
  return defaultServerUrl(server)?.host || server.url;
}

function tokenUrlOf(scheme: SecurityScheme): string | undefined {
  return scheme.type === 'oauth2' ? scheme.flows?.clientCredentials?.tokenUrl : undefined;
}
