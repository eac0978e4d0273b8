/**
 * The configuration a generated server reads at run time (src/config.gen.ts). Mirrors
 * `ApiConfig` in templates/runtime/types.gen.ts; test/emit/runtime-types.test.ts keeps the two
 * assignable both ways.
 */
import type { Server } from './api-model.js';

export type CredentialSource =
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; env: { value: string } }
  | { type: 'http-bearer'; env: { token: string } }
  | { type: 'http-basic'; env: { username: string; password: string } }
  | { type: 'oauth2-client-credentials'; tokenUrl: string; scopes: string[]; env: { clientId: string; clientSecret: string; token: string; tokenUrl: string } }
  | { type: 'token'; scheme: string; env: { token: string } }
  | { type: 'unsupported'; reason: string };

/** When the server asks the user before a call runs (templates/runtime/input-gate.gen.ts). */
export type ConfirmPolicy = 'destructive' | 'writes' | 'none';

export interface RuntimeApiConfig {
  name: string;
  version: string;
  title: string;
  description?: string;
  servers: Server[];
  credentials: Record<string, CredentialSource>;
  /** The default `--confirm` policy; the flag and `env.confirm` override it. */
  confirm: ConfirmPolicy;
  env: {
    baseUrl: string;
    timeoutMs: string;
    retryBudgetMs?: string;
    serverVariables: Record<string, string>;
    confirm: string;
    stateKey: string;
    mcp?: { token: string; oauthIssuer: string; oauthAudience: string; scopes: string };
    toolsets?: string;
    tools?: string;
    readOnly?: string;
    toolsMode?: string;
  };
  toolsMode?: 'static' | 'dynamic';
  /**
   * Set when the package was generated with `toolsMode: auto`: the tokens a static tools/list may
   * cost. A package that starts dynamic serves a start-time selection that fits it statically.
   */
  toolsBudget?: number;
  /**
   * Where the tools that need credentials send them: each distinct set of security schemes with
   * the operation's own servers (none: the base URL). The start-up line of a dynamic-mode server,
   * which loads no tool at start, names the hosts from these (credential-hosts.gen.ts).
   */
  credentialRoutes?: CredentialRoute[];
}

export interface CredentialRoute {
  schemes: string[];
  servers?: Server[];
}
