/**
 * The upstream base URL: an explicit override (`--base-url`) wins, then the base-URL environment
 * variable, then the first server of the operation (or of the API), with its `{variables}` taken
 * from their environment variables or defaults. Also joins a base URL with a request path.
 */
import type { ApiConfig, HttpBinding, Server } from './types.gen.js';

/** Why no usable base URL could be found; the message says which environment variable to set. */
export class BaseUrlError extends Error {
  override name = 'BaseUrlError';
}

/** `fix` says what to do, e.g. `set PETSTORE_BASE_URL to the API's base URL`. */
function checkAbsolute(text: string, source: string, fix: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BaseUrlError(`${source} is not an absolute URL; ${fix}, e.g. https://api.example.com/v1`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BaseUrlError(`${source} must be an http or https URL; ${fix}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new BaseUrlError(`${source} must not contain a user name or password; configure credentials through their environment variables`);
  }
  return url;
}

/** A value of a variable in the host part of a server URL: a host name or address and port, nothing that could end the host. */
const HOST_VALUE = /^[A-Za-z0-9.:[\]-]*$/;

/** Where the authority (host and port) of a server URL template ends; 0 when it has no `scheme://`. */
function authorityEnd(template: string): number {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(template);
  if (scheme === null) return 0;
  for (let i = scheme[0].length; i < template.length; i++) {
    const c = template[i];
    if (c === '/' || c === '?' || c === '#') return i;
    if (c === '{') i = Math.max(i, template.indexOf('}', i));
  }
  return template.length;
}

/**
 * Substitutes `{name}` in a server URL from the environment or the variable's default. A value
 * cannot move the request to another host: a variable in the template's host part takes only a
 * host name (`evil.example/steal?` is refused), one in the path cannot reach the host at all.
 */
function substituteVariables(server: Server, env: Record<string, string | undefined>, envNames: ApiConfig['env']): string {
  const hostEnd = authorityEnd(server.url);
  let out = '';
  let from = 0;
  for (;;) {
    const open = server.url.indexOf('{', from);
    const close = open < 0 ? -1 : server.url.indexOf('}', open);
    if (close < 0) return out + server.url.slice(from);
    const name = server.url.slice(open + 1, close);
    const variable = Object.hasOwn(server.variables, name) ? server.variables[name] : undefined;
    const envName = Object.hasOwn(envNames.serverVariables, name) ? envNames.serverVariables[name] : undefined;
    const fromEnv = envName === undefined ? undefined : env[envName];
    let value: string;
    if (fromEnv !== undefined && fromEnv !== '') {
      if (variable?.enum !== undefined && variable.enum.length > 0 && !variable.enum.includes(fromEnv)) {
        throw new BaseUrlError(`${envName} must be one of: ${variable.enum.join(', ')}`);
      }
      value = fromEnv;
    } else if (variable !== undefined) {
      value = variable.default;
    } else {
      throw new BaseUrlError(`the server URL ${server.url} uses {${name}}, which has no definition; set ${envNames.baseUrl} to the API's base URL`);
    }
    // `https://api.example.com{basePath}` with `/v1`: a value that starts the path at the end of the host is fine.
    const startsPath = close + 1 === hostEnd && /^[/?#]/.test(value);
    if (open < hostEnd && !HOST_VALUE.test(value) && !startsPath) {
      throw new BaseUrlError(`the server variable {${name}} is part of the host in ${server.url}, and its value is not a host name${envName === undefined ? '' : `; set ${envName} to one`}`);
    }
    out += server.url.slice(from, open) + value;
    from = close + 1;
  }
}

/**
 * The base URL requests go to. `servers` are the operation's servers when it has any
 * (`binding.servers`), else the API's. A relative server URL (e.g. `/v1`, or Swagger 2.0 without
 * `host`) or no server at all needs an override: the error names `envNames.baseUrl`.
 */
export function resolveBaseUrl(
  servers: readonly Server[],
  env: Record<string, string | undefined>,
  envNames: ApiConfig['env'],
  override?: string,
): string {
  const setEnv = `set ${envNames.baseUrl} to the API's base URL`;
  if (override !== undefined && override !== '') {
    // The value itself is not repeated: it may hold a password.
    return checkAbsolute(override, 'the --base-url value', "give --base-url the API's base URL").href;
  }
  const fromEnv = env[envNames.baseUrl];
  if (fromEnv !== undefined && fromEnv !== '') return checkAbsolute(fromEnv, envNames.baseUrl, setEnv).href;
  const server = servers[0];
  if (server === undefined) {
    throw new BaseUrlError(`the API description names no server; set ${envNames.baseUrl} to the API's base URL, e.g. https://api.example.com`);
  }
  const url = substituteVariables(server, env, envNames);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
    const example = url.startsWith('//') ? `https:${url}` : `https://api.example.com${url.startsWith('/') ? url : ''}`;
    throw new BaseUrlError(`the API's server URL "${url}" is relative; set ${envNames.baseUrl} to the API's absolute base URL, e.g. ${example}`);
  }
  return checkAbsolute(url, `the server URL "${url}"`, setEnv).href;
}

/** The servers an operation's requests use: its own when it declares any, else the API's. */
export function serversFor(binding: HttpBinding, apiServers: readonly Server[]): readonly Server[] {
  return binding.servers !== undefined && binding.servers.length > 0 ? binding.servers : apiServers;
}

/**
 * The request URL's text: the base URL's path (without trailing slashes) + `path` + the query
 * `pairs` (already encoded) after any query of the base URL. `https://h/v1` + `/pets` → `https://h/v1/pets`.
 */
export function joinUrl(baseUrl: string, path: string, pairs: readonly string[]): { href: string; pathname: string } {
  const base = new URL(baseUrl);
  let basePath = base.pathname;
  let end = basePath.length;
  while (end > 0 && basePath.charCodeAt(end - 1) === 47 /* / */) end--;
  basePath = basePath.slice(0, end);
  const pathname = basePath + (path.startsWith('/') ? path : `/${path}`);
  const queries = base.search.length > 1 ? [base.search.slice(1), ...pairs] : pairs;
  const search = queries.length > 0 ? `?${queries.join('&')}` : '';
  return { href: `${base.origin}${pathname}${search}`, pathname };
}
