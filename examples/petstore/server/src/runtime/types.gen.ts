/**
 * Types shared by the generated server's runtime. This file is copied verbatim into every
 * generated package (as src/runtime/types.gen.ts); it mirrors openapi-mcp's ToolModel so that the
 * data the generator emits is exactly what the runtime reads.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchemaObject = { [keyword: string]: unknown };

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** MCP Icon: an https: or data: URI. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** A tool exactly as tools/list returns it. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
}

export type ParameterStyle = 'form' | 'simple' | 'label' | 'matrix' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'tabDelimited';

export interface ArgumentBinding {
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  /** Name in the spec; '' when the argument is the whole request body. */
  name: string;
  required: boolean;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
  /** The parameter is serialized as this media type (OpenAPI `content`), e.g. application/json. */
  contentType?: string;
}

export interface BodyEncoding {
  contentType?: string;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface ServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface Server {
  url: string;
  description?: string;
  variables: Record<string, ServerVariable>;
}

/** One alternative: all the named schemes together. `{}` means no credentials are needed. */
export type SecurityRequirement = Record<string, string[]>;

export interface HttpBinding {
  kind: 'http';
  method: string;
  /** Path template as in the spec, e.g. /repos/{owner}/{repo}. */
  path: string;
  operationId?: string;
  /** Keyed by inputSchema property name. */
  arguments: Record<string, ArgumentBinding>;
  body?: { mediaType: string; required: boolean; encoding?: Record<string, BodyEncoding> };
  security: SecurityRequirement[];
  servers?: Server[];
  /** The success response outputSchema describes; `wrappedIn` when a non-object result is wrapped. */
  output?: { status: string; mediaType: string; wrappedIn?: string };
}

/** A tool from a tool manifest: its handler is the user's `src/handlers/<name>.ts` (handler-call.gen.ts). */
export interface HandlerBinding {
  kind: 'handler';
  /** Set when the output schema wraps a non-object value as `{ [wrappedIn]: value }`. */
  output?: { wrappedIn: string };
}

export interface ToolEntry<B extends HttpBinding | HandlerBinding = HttpBinding | HandlerBinding> {
  definition: ToolDefinition;
  binding: B;
  /**
   * Required top-level arguments the server may ask the user for (form elicitation) when a call
   * leaves them out: primitives that are not sensitive. See input-gate.gen.ts.
   */
  elicit?: string[];
  /** OAuth scopes a caller needs (all of them); default from the annotations (tool-scopes.gen.ts). */
  scopes?: string[];
}

/** A tool that calls an HTTP upstream (everything generated from OpenAPI). */
export type HttpToolEntry = ToolEntry<HttpBinding>;

export function isHttpEntry(entry: ToolEntry): entry is HttpToolEntry {
  return entry.binding.kind === 'http';
}

/** How one security scheme gets its credentials: each field names an environment variable. */
export type CredentialSource =
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; env: { value: string } }
  | { type: 'http-bearer'; env: { token: string } }
  | { type: 'http-basic'; env: { username: string; password: string } }
  | { type: 'oauth2-client-credentials'; tokenUrl: string; scopes: string[]; env: { clientId: string; clientSecret: string; token: string; tokenUrl: string } }
  /** OAuth2 flows other than client credentials, OpenID Connect, other HTTP schemes: a ready token from the environment. */
  | { type: 'token'; scheme: string; env: { token: string } }
  /** Cannot be supplied by this server (e.g. mutualTLS). */
  | { type: 'unsupported'; reason: string };

/** When the server asks the user before a call runs (input-gate.gen.ts). */
export type ConfirmPolicy = 'destructive' | 'writes' | 'none';

export interface ApiConfig {
  /** npm package name of the generated server. */
  name: string;
  version: string;
  /** The API's title, for serverInfo. */
  title: string;
  description?: string;
  servers: Server[];
  /** Keyed by security scheme name. */
  credentials: Record<string, CredentialSource>;
  /** The default `--confirm` policy; the flag and `env.confirm` override it. */
  confirm: ConfirmPolicy;
  env: {
    /** Overrides the upstream base URL. */
    baseUrl: string;
    /** Upstream request timeout in milliseconds. */
    timeoutMs: string;
    /** How long one call may wait for rate limits in all, in milliseconds (retry.gen.ts). */
    retryBudgetMs?: string;
    /** Server variable name → environment variable. */
    serverVariables: Record<string, string>;
    /** Overrides the `--confirm` policy: destructive | writes | none. */
    confirm: string;
    /** The secret that protects `requestState` (at least 32 characters); shared by instances behind one endpoint. */
    stateKey: string;
    /** Who may use the HTTP endpoint (endpoint-auth.gen.ts) and which tools it serves; generated always. */
    mcp?: {
      /** Static bearer tokens, comma-separated. */
      token: string;
      oauthIssuer: string;
      oauthAudience: string;
      /** Like `--scopes`. */
      scopes: string;
    };
    /** Start-time tool selection (tool-selection.gen.ts): comma lists, a boolean, a mode. */
    toolsets?: string;
    tools?: string;
    readOnly?: string;
    toolsMode?: string;
  };
  /** The mode the server starts in unless told otherwise (--tools-mode); default static. */
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
