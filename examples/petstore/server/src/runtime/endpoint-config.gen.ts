/**
 * The endpoint settings from the command line and the environment (a flag wins over its
 * variable): the start-time scope filter (`--scopes`, `<PREFIX>MCP_SCOPES`), the static tokens
 * (`<PREFIX>MCP_TOKEN`, environment only: a command line is visible to every local user), OAuth
 * (`--oauth-issuer`/`<PREFIX>MCP_OAUTH_ISSUER`, `--oauth-audience`/`<PREFIX>MCP_OAUTH_AUDIENCE`)
 * and `--no-auth`. Every mistake is an {@link EndpointAuthError}: one line, no start.
 */
import { createEndpointAuth, EndpointAuthError, exposureCheck, parseStaticTokens, type EndpointAuth } from './endpoint-auth.gen.js';
import { parseScopes, scopesOf } from './tool-scopes.gen.js';
import type { ApiConfig, ToolEntry } from './types.gen.js';

export type Environment = Record<string, string | undefined>;

export interface EndpointFlags {
  readonly scopes?: string;
  readonly oauthIssuer?: string;
  readonly oauthAudience?: string;
  readonly noAuth: boolean;
}

/** The variable names (generated into config.gen.ts; derived from the base URL's for older configs). */
export function endpointVariables(config: ApiConfig): NonNullable<ApiConfig['env']['mcp']> {
  if (config.env.mcp !== undefined) return config.env.mcp;
  const prefix = config.env.baseUrl.replace(/BASE_URL$/, '');
  return { token: `${prefix}MCP_TOKEN`, oauthIssuer: `${prefix}MCP_OAUTH_ISSUER`, oauthAudience: `${prefix}MCP_OAUTH_AUDIENCE`, scopes: `${prefix}MCP_SCOPES` };
}

/** The scopes the server is limited to at start, or `undefined` for all tools. */
export function startScopes(flags: EndpointFlags, env: Environment, config: ApiConfig, tools: readonly ToolEntry[]): string[] | undefined {
  const variable = endpointVariables(config).scopes;
  const text = flags.scopes ?? nonEmpty(env[variable]);
  if (text === undefined) return undefined;
  const parsed = parseScopes(text, tools);
  if ('error' in parsed) throw new EndpointAuthError(`${flags.scopes !== undefined ? '--scopes' : variable}: ${parsed.error}`);
  return parsed.scopes;
}

/** Whether OAuth is asked for (issuer or audience, flag or variable): only then does the endpoint read the tools' scopes. */
export function oauthGiven(flags: EndpointFlags, env: Environment, config: ApiConfig): boolean {
  const names = endpointVariables(config);
  return (flags.oauthIssuer ?? flags.oauthAudience ?? nonEmpty(env[names.oauthIssuer]) ?? nonEmpty(env[names.oauthAudience])) !== undefined;
}

/**
 * Who may use the HTTP endpoint on `host`. `tools` (the selected ones) are read only with OAuth. Discovers the OAuth issuer when one is configured.
 * `warning` is for the log (`--no-auth`).
 */
export async function resolveEndpointAuth(
  flags: EndpointFlags,
  env: Environment,
  config: ApiConfig,
  tools: readonly ToolEntry[],
  host: string,
): Promise<{ auth?: EndpointAuth; warning?: string }> {
  const names = endpointVariables(config);
  const issuer = flags.oauthIssuer ?? nonEmpty(env[names.oauthIssuer]);
  const audience = flags.oauthAudience ?? nonEmpty(env[names.oauthAudience]);
  if (flags.noAuth) {
    if (flags.oauthIssuer !== undefined || flags.oauthAudience !== undefined) throw new EndpointAuthError('--no-auth cannot be combined with --oauth-issuer or --oauth-audience');
    return { warning: exposureCheck(host, undefined, true, names.token).warning! };
  }
  if ((issuer === undefined) !== (audience === undefined)) {
    const missing = issuer === undefined ? `--oauth-issuer (or ${names.oauthIssuer})` : `--oauth-audience (or ${names.oauthAudience})`;
    throw new EndpointAuthError(`OAuth needs both an issuer and an audience: set ${missing}`);
  }
  const tokens = parseStaticTokens(env[names.token], names.token);
  const oauth =
    issuer === undefined || audience === undefined
      ? undefined
      : // Loaded only for OAuth: it brings the MCP client SDK and jose (~0.1 s of start-up).
        await (await import('./oauth-resource.gen.js')).createOAuthResource({ issuer, audience, scopes: scopesOf(tools), resourceName: config.title });
  const auth = createEndpointAuth({ tokens, ...(oauth !== undefined ? { oauth } : {}) });
  const exposure = exposureCheck(host, auth, false, names.token);
  if (exposure.error !== undefined) throw new EndpointAuthError(exposure.error);
  return auth === undefined ? {} : { auth };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
