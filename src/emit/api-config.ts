import { UserError } from '../diagnostics.js';
import type { CredentialField, SecurityScheme } from '../model/api-model.js';
import type { ConfirmPolicy, CredentialRoute, CredentialSource, RuntimeApiConfig } from '../model/runtime-config.js';
import type { ToolModel } from '../model/tool-model.js';
import { envPrefix, toEnvWord } from './package-naming.js';
import { setOwn } from '../normalize/set-own.js';

/** One environment variable the generated server reads, for its README and `.env.example`. */
export interface EnvVariable {
  name: string;
  description: string;
  /** A secret value (never shown, `...` in examples). */
  secret: boolean;
  /** Part of a security scheme's credentials (goes into MCP host configuration examples). */
  credential: boolean;
}

export interface ApiConfigResult {
  config: RuntimeApiConfig;
  variables: EnvVariable[];
}

/**
 * The run-time configuration of a generated server and every environment variable it reads.
 * Names: `<PREFIX>BASE_URL`, `<PREFIX>TIMEOUT_MS`, `<PREFIX>SERVER_<VAR>`, the endpoint's
 * `<PREFIX>MCP_TOKEN`, `<PREFIX>MCP_OAUTH_ISSUER`, `<PREFIX>MCP_OAUTH_AUDIENCE`, `<PREFIX>MCP_SCOPES`, and per security scheme
 * `<PREFIX><SCHEME>` (API key), `<PREFIX><SCHEME>_TOKEN`, `_USERNAME`/`_PASSWORD`,
 * `_CLIENT_ID`/`_CLIENT_SECRET`. Only security schemes some tool uses are listed. The credential
 * `generate --auth` declares gets `<PREFIX>TOKEN`, `<PREFIX>API_KEY`, `<PREFIX>USERNAME`/`_PASSWORD`
 * or `<PREFIX>CLIENT_ID`/`_CLIENT_SECRET`, unless `--auth-env` named them (then exactly those).
 */
export function buildApiConfig(model: ToolModel, packageName: string, packageVersion: string, defaults: { confirm: ConfirmPolicy }): ApiConfigResult {
  const prefix = envPrefix(packageName);
  const used = new Set<string>();
  const variables: EnvVariable[] = [];
  const claim = (wanted: string, description: string, secret: boolean, credential = true, exact = false): string => {
    let name = wanted;
    if (exact && used.has(name)) throw new UserError(`--auth-env ${name}: the server already reads ${name} for something else; choose another name`);
    for (let i = 2; used.has(name); i++) name = `${wanted}_${i}`;
    used.add(name);
    variables.push({ name, description, secret, credential });
    return name;
  };

  const env: RuntimeApiConfig['env'] = {
    baseUrl: claim(`${prefix}BASE_URL`, `Upstream base URL (default: ${model.servers[0]?.url ?? 'none; required'})`, false, false),
    timeoutMs: claim(`${prefix}TIMEOUT_MS`, 'Upstream request timeout in milliseconds (default 30000)', false, false),
    retryBudgetMs: claim(`${prefix}RETRY_BUDGET_MS`, 'How long one call may wait for rate limits (429/503 with Retry-After) before it gives up, in milliseconds (default 10000; 0: never retry)', false, false),
    serverVariables: {},
    confirm: claim(`${prefix}CONFIRM`, `When to ask the user before a call runs: destructive, writes or none (default ${defaults.confirm}; the --confirm flag wins)`, false, false),
    stateKey: claim(`${prefix}STATE_KEY`, 'Secret (32+ characters) protecting the state of calls that ask the user; set the same value on every instance behind one endpoint (default: random per process)', true, false),
    mcp: {
      token: claim(`${prefix}MCP_TOKEN`, 'Bearer tokens the HTTP endpoint accepts, comma-separated (needed to serve a non-loopback --host)', true, false),
      oauthIssuer: claim(`${prefix}MCP_OAUTH_ISSUER`, 'OAuth issuer whose access tokens the HTTP endpoint accepts (like --oauth-issuer)', false, false),
      oauthAudience: claim(`${prefix}MCP_OAUTH_AUDIENCE`, "This server's public URI, the audience of its access tokens (like --oauth-audience)", false, false),
      scopes: claim(`${prefix}MCP_SCOPES`, 'Serve only the tools these scopes allow, e.g. read (like --scopes)', false, false),
    },
    toolsets: claim(`${prefix}TOOLSETS`, 'Only the tools of these toolsets, comma-separated (as --toolsets)', false, false),
    tools: claim(`${prefix}TOOLS`, 'Only these tools, comma-separated (as --tools)', false, false),
    readOnly: claim(`${prefix}READ_ONLY`, 'true: only read-only tools (as --read-only)', false, false),
    toolsMode: claim(`${prefix}TOOLS_MODE`, 'static or dynamic (as --tools-mode)', false, false),
  };
  const firstServer = model.servers[0];
  for (const [variable, spec] of Object.entries(firstServer?.variables ?? {})) {
    setOwn(env.serverVariables, variable, claim(`${prefix}SERVER_${toEnvWord(variable)}`, `Server variable {${variable}} (default ${spec.default})`, false, false));
  }

  const usedSchemes = new Set<string>();
  for (const tool of model.tools) {
    if (tool.binding.kind !== 'http') continue;
    for (const requirement of tool.binding.security) for (const key of Object.keys(requirement)) usedSchemes.add(key);
  }
  const credentials: Record<string, CredentialSource> = {};
  for (const key of Object.keys(model.securitySchemes).sort()) {
    if (!usedSchemes.has(key) || !Object.hasOwn(model.securitySchemes, key)) continue;
    const scheme = model.securitySchemes[key]!;
    setOwn(credentials, key, credentialFor(key, scheme, namer(scheme, key, prefix, claim)));
  }

  const config: RuntimeApiConfig = {
    name: packageName,
    version: packageVersion,
    title: model.info.title,
    servers: model.servers,
    credentials,
    confirm: defaults.confirm,
    env,
  };
  if (model.info.description !== undefined) config.description = model.info.description;
  const routes = credentialRoutes(model);
  if (routes.length > 0) config.credentialRoutes = routes;
  return { config, variables };
}

/** Each distinct (schemes, own servers) pair of the tools that send credentials, in tool order. */
function credentialRoutes(model: ToolModel): CredentialRoute[] {
  const routes = new Map<string, CredentialRoute>();
  for (const tool of model.tools) {
    if (tool.binding.kind !== 'http') continue;
    const schemes = [...new Set(tool.binding.security.flatMap((requirement) => Object.keys(requirement)))].sort();
    if (schemes.length === 0) continue;
    const servers = tool.binding.servers !== undefined && tool.binding.servers.length > 0 ? tool.binding.servers : undefined;
    const route: CredentialRoute = servers === undefined ? { schemes } : { schemes, servers };
    const key = JSON.stringify(route);
    if (!routes.has(key)) routes.set(key, route);
  }
  return [...routes.values()];
}

/**
 * The `generate` options that would give a server without upstream credentials a bearer token,
 * with the variable named after the package (`github-mcp` → `--auth bearer --auth-env GITHUB_TOKEN`,
 * the name `--auth bearer` alone would choose too, written out so the reader sees it); undefined
 * when the spec declares credentials, `--auth` declared one, or the tools are handlers (no upstream).
 */
export function credentialHint(model: ToolModel, packageName: string): CredentialHint | undefined {
  if (model.noCredentials !== true || model.tools.some((t) => t.binding.kind === 'handler')) return undefined;
  const variable = `${envPrefix(packageName)}TOKEN`;
  return { variable, options: `--auth bearer --auth-env ${variable}` };
}

export interface CredentialHint {
  /** The token's variable, `<PREFIX>TOKEN`. */
  variable: string;
  /** The `generate` options that declare it. */
  options: string;
}

type Claim = (wanted: string, description: string, secret: boolean, credential?: boolean, exact?: boolean) => string;

/** Claims the variable of one credential field: `(field, suffix, description, secret)` → its name. */
type Namer = (field: CredentialField | 'tokenUrl', suffix: string, description: string, secret: boolean, credential?: boolean) => string;

/** Spec schemes: `<PREFIX><SCHEME><suffix>`; the declared one: `<PREFIX><suffix>` or its `--auth-env` name. */
function namer(scheme: SecurityScheme, key: string, prefix: string, claim: Claim): Namer {
  const declared = scheme.declared;
  if (declared === undefined) {
    const base = schemeBase(prefix, toEnvWord(key) || 'AUTH');
    return (_field, suffix, description, secret, credential) => claim(`${base}${suffix}`, description, secret, credential);
  }
  return (field, suffix, description, secret, credential) => {
    const explicit = field === 'tokenUrl' ? undefined : declared.env[field];
    if (explicit !== undefined) return claim(explicit, description, secret, true, true);
    return claim(suffix === '' ? `${prefix}API_KEY` : `${prefix}${suffix.slice(1)}`, description, secret, credential);
  };
}

/** `<PREFIX><SCHEME>`, without the API's name twice: Slack's `slackAuth` in `slack-mcp` is `SLACK_AUTH`, not `SLACK_SLACK_AUTH`. */
function schemeBase(prefix: string, scheme: string): string {
  return `${scheme}_`.startsWith(prefix) ? scheme : `${prefix}${scheme}`;
}

function credentialFor(key: string, scheme: SecurityScheme, name: Namer): CredentialSource {
  const label = scheme.declared !== undefined ? `the upstream (generate --auth ${scheme.declared.option})` : `security scheme "${key}"`;
  if (scheme.type === 'apiKey' && scheme.name !== undefined && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(scheme.name) && scheme.in !== 'query') {
    return { type: 'unsupported', reason: `the ${scheme.in ?? 'header'} name of ${label} is not a valid HTTP token` };
  }
  if (scheme.type === 'apiKey' && scheme.in && scheme.name !== undefined) {
    return { type: 'apiKey', in: scheme.in, name: scheme.name, env: { value: name('key', '', `API key for ${label} (sent in ${scheme.in} ${scheme.name})`, true) } };
  }
  if (scheme.type === 'http' && scheme.scheme === 'bearer') {
    return { type: 'http-bearer', env: { token: name('token', '_TOKEN', `Bearer token for ${label}`, true) } };
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    return {
      type: 'http-basic',
      env: { username: name('username', '_USERNAME', `User name for ${label}`, false), password: name('password', '_PASSWORD', `Password for ${label}`, true) },
    };
  }
  const cc = scheme.type === 'oauth2' ? scheme.flows?.clientCredentials : undefined;
  if (cc?.tokenUrl !== undefined) {
    return {
      type: 'oauth2-client-credentials',
      tokenUrl: cc.tokenUrl,
      scopes: Object.keys(cc.scopes).sort(),
      env: {
        clientId: name('clientId', '_CLIENT_ID', `OAuth2 client id for ${label} (client credentials)`, false),
        clientSecret: name('clientSecret', '_CLIENT_SECRET', `OAuth2 client secret for ${label}`, true),
        token: name('token', '_TOKEN', `Ready access token for ${label} (skips the client-credentials flow)`, true),
        tokenUrl: name('tokenUrl', '_TOKEN_URL', `Token URL for ${label} (default ${cc.tokenUrl})`, false, false),
      },
    };
  }
  if (scheme.type === 'mutualTLS') return { type: 'unsupported', reason: 'mutual TLS client certificates are not supported' };
  const kind = scheme.type === 'http' ? (scheme.scheme ?? 'bearer') : 'bearer';
  return { type: 'token', scheme: kind === 'bearer' ? 'Bearer' : kind, env: { token: name('token', '_TOKEN', `Access token for ${label} (${scheme.type})`, true) } };
}
