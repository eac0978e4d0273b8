/**
 * ApiModel: what `normalize` makes of an OpenAPI document. The only model that knows OpenAPI
 * exists; every schema in it is already JSON Schema 2020-12, and every shared schema is referenced
 * as `{ "$ref": "#/$defs/<key>" }` with `<key>` a key of `ApiModel.defs`.
 */
import type { SourceLocation } from '../diagnostics.js';
import type { JsonSchema } from './json-schema.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export type ParameterStyle =
  | 'form'
  | 'simple'
  | 'label'
  | 'matrix'
  | 'spaceDelimited'
  | 'pipeDelimited'
  | 'deepObject'
  /** Swagger 2.0 `collectionFormat: tsv`, which OpenAPI 3 has no style for. */
  | 'tabDelimited';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JsonSchema;
  /** Defaults already applied (form for query/cookie, simple for path/header). */
  style: ParameterStyle;
  explode: boolean;
  allowReserved: boolean;
  /** `allowEmptyValue: true` (query parameters): the spec allows sending `name=`. */
  allowEmptyValue?: boolean;
  /** Set when the parameter is declared with `content` instead of `schema`: serialize as this media type. */
  contentType?: string;
  source: SourceLocation;
}

export interface BodyEncoding {
  contentType?: string;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** The media type the tool will send (JSON preferred, then form, multipart, octet-stream, text). */
  mediaType: string;
  /** Every media type the spec offers, in spec order. */
  mediaTypes: string[];
  /** Schema of the body in the chosen media type; binary parts as base64 strings (`contentEncoding`). */
  schema: JsonSchema;
  /** Per-property encoding for form and multipart bodies. */
  encoding?: Record<string, BodyEncoding>;
  source: SourceLocation;
}

export interface ResponseContent {
  mediaType: string;
  schema?: JsonSchema;
}

export interface Response {
  /** `200`, `2XX` or `default`, as written. */
  status: string;
  description?: string;
  content: ResponseContent[];
  source: SourceLocation;
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

export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface SecurityScheme {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** apiKey */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** http: `bearer`, `basic`, … (lower-cased) */
  scheme?: string;
  bearerFormat?: string;
  /** oauth2 */
  flows?: {
    implicit?: OAuthFlow;
    password?: OAuthFlow;
    clientCredentials?: OAuthFlow;
    authorizationCode?: OAuthFlow;
  };
  openIdConnectUrl?: string;
  /** Declared by `generate --auth` rather than by the spec (see map/declared-auth.ts). */
  declared?: DeclaredCredential;
  source: SourceLocation;
}

/** The part of a credential one environment variable holds. */
export type CredentialField = 'token' | 'key' | 'username' | 'password' | 'clientId' | 'clientSecret';

export interface DeclaredCredential {
  /** The `--auth` value as given, e.g. `apikey-header:X-API-Key` (for descriptions). */
  option: string;
  /** Variable names set with `--auth-env`; the others get the generated `<PREFIX>TOKEN`, … */
  env: Partial<Record<CredentialField, string>>;
}

/** One alternative: all the named schemes together, each with its scopes. `{}` means anonymous is allowed. */
export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId?: string;
  method: HttpMethod;
  /** The path template exactly as the spec's key. */
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  /** Path-level and operation-level parameters merged (operation wins), resolved. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Response[];
  /** Effective requirements (operation's, else the root's). Empty array: no auth. */
  security: SecurityRequirement[];
  /** True when the operation has a `security` of its own (`generate --auth` leaves it as it is). */
  ownSecurity?: boolean;
  /** Path- or operation-level servers, when they override the root's. */
  servers?: Server[];
  /** `x-*` extensions at root, path item and operation (`x-mcp`, `x-speakeasy-mcp`: see map/extensions.ts). */
  extensions: { root: Record<string, unknown>; path: Record<string, unknown>; operation: Record<string, unknown> };
  /** Where the root's and the path item's extensions live (the operation's are at `source`), for diagnostics. */
  extensionSources?: { root: SourceLocation; path: SourceLocation };
  source: SourceLocation;
}

export interface ApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface ApiModel {
  /** `2.0`, `3.0` or `3.1`. */
  specVersion: '2.0' | '3.0' | '3.1';
  info: ApiInfo;
  servers: Server[];
  operations: Operation[];
  securitySchemes: Record<string, SecurityScheme>;
  /** Shared schemas, referenced from any schema in the model as `#/$defs/<key>`. */
  defs: Record<string, JsonSchema>;
  /** The root `tags` list's descriptions, by tag name (tags without a description are left out). */
  tagDescriptions?: Record<string, string>;
  /** The root `tags` list's names, in its order (each once): the order of the toolsets they name. */
  tagOrder?: string[];
}
