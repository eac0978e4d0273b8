import type { SecurityScheme } from '../model/api-model.js';
import type { ConfirmPolicy, CredentialSource, RuntimeApiConfig } from '../model/runtime-config.js';
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
 * Names: `<PREFIX>BASE_URL`, `<PREFIX>TIMEOUT_MS`, `<PREFIX>SERVER_<VAR>` and per security scheme
 * `<PREFIX><SCHEME>` (API key), `<PREFIX><SCHEME>_TOKEN`, `_USERNAME`/`_PASSWORD`,
 * `_CLIENT_ID`/`_CLIENT_SECRET`. Only security schemes some tool uses are listed.
 */
export function buildApiConfig(model: ToolModel, packageName: string, packageVersion: string, defaults: { confirm: ConfirmPolicy }): ApiConfigResult {
  const prefix = envPrefix(packageName);
  const used = new Set<string>();
  const variables: EnvVariable[] = [];
  const claim = (wanted: string, description: string, secret: boolean, credential = true): string => {
    let name = wanted;
    for (let i = 2; used.has(name); i++) name = `${wanted}_${i}`;
    used.add(name);
    variables.push({ name, description, secret, credential });
    return name;
  };

  const env: RuntimeApiConfig['env'] = {
    baseUrl: claim(`${prefix}BASE_URL`, `Upstream base URL (default: ${model.servers[0]?.url ?? 'none; required'})`, false, false),
    timeoutMs: claim(`${prefix}TIMEOUT_MS`, 'Upstream request timeout in milliseconds (default 30000)', false, false),
    serverVariables: {},
    confirm: claim(`${prefix}CONFIRM`, `When to ask the user before a call runs: destructive, writes or none (default ${defaults.confirm}; the --confirm flag wins)`, false, false),
    stateKey: claim(`${prefix}STATE_KEY`, 'Secret (32+ characters) protecting the state of calls that ask the user; set the same value on every instance behind one endpoint (default: random per process)', true, false),
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
    setOwn(credentials, key, credentialFor(key, model.securitySchemes[key]!, `${prefix}${toEnvWord(key) || 'AUTH'}`, claim));
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
  return { config, variables };
}

type Claim = (wanted: string, description: string, secret: boolean) => string;

function credentialFor(key: string, scheme: SecurityScheme, base: string, claim: Claim): CredentialSource {
  const label = `security scheme "${key}"`;
  if (scheme.type === 'apiKey' && scheme.name !== undefined && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(scheme.name) && scheme.in !== 'query') {
    return { type: 'unsupported', reason: `the ${scheme.in ?? 'header'} name of ${label} is not a valid HTTP token` };
  }
  if (scheme.type === 'apiKey' && scheme.in && scheme.name !== undefined) {
    return { type: 'apiKey', in: scheme.in, name: scheme.name, env: { value: claim(base, `API key for ${label} (sent in ${scheme.in} ${scheme.name})`, true) } };
  }
  if (scheme.type === 'http' && scheme.scheme === 'bearer') {
    return { type: 'http-bearer', env: { token: claim(`${base}_TOKEN`, `Bearer token for ${label}`, true) } };
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    return {
      type: 'http-basic',
      env: { username: claim(`${base}_USERNAME`, `User name for ${label}`, false), password: claim(`${base}_PASSWORD`, `Password for ${label}`, true) },
    };
  }
  const cc = scheme.type === 'oauth2' ? scheme.flows?.clientCredentials : undefined;
  if (cc?.tokenUrl !== undefined) {
    return {
      type: 'oauth2-client-credentials',
      tokenUrl: cc.tokenUrl,
      scopes: Object.keys(cc.scopes).sort(),
      env: {
        clientId: claim(`${base}_CLIENT_ID`, `OAuth2 client id for ${label} (client credentials)`, false),
        clientSecret: claim(`${base}_CLIENT_SECRET`, `OAuth2 client secret for ${label}`, true),
        token: claim(`${base}_TOKEN`, `Ready access token for ${label} (skips the client-credentials flow)`, true),
      },
    };
  }
  if (scheme.type === 'mutualTLS') return { type: 'unsupported', reason: 'mutual TLS client certificates are not supported' };
  const kind = scheme.type === 'http' ? (scheme.scheme ?? 'bearer') : 'bearer';
  return { type: 'token', scheme: kind === 'bearer' ? 'Bearer' : kind, env: { token: claim(`${base}_TOKEN`, `Access token for ${label} (${scheme.type})`, true) } };
}
