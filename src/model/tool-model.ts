/**
 * ToolModel: what `map` produces and everything after it consumes. It never mentions OpenAPI:
 * the HTTP binding says how each tool argument reaches the request, nothing more.
 */
import type { SourceLocation } from '../diagnostics.js';
import type { ApiInfo, BodyEncoding, ParameterStyle, SecurityRequirement, SecurityScheme, Server } from './api-model.js';
import type { JsonSchemaObject } from './json-schema.js';

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** MCP `Icon`: an https: or data: URI, with optional media type, sizes (`48x48`, `any`) and theme. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** A tool exactly as `tools/list` returns it. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
}

export type ArgumentLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';

/** How one `inputSchema` property reaches the HTTP request. */
export interface ArgumentBinding {
  in: ArgumentLocation;
  /** Name in the spec; `''` when the argument is the whole request body. */
  name: string;
  required: boolean;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
  /** Parameter declared with `content`: serialize the value as this media type. */
  contentType?: string;
}

export interface HttpBinding {
  kind: 'http';
  method: string;
  path: string;
  operationId?: string;
  /** Keyed by `inputSchema` property name, in `inputSchema` property order. */
  arguments: Record<string, ArgumentBinding>;
  body?: { mediaType: string; required: boolean; encoding?: Record<string, BodyEncoding> };
  security: SecurityRequirement[];
  servers?: Server[];
  /** The success response the outputSchema describes; `wrappedIn` when a non-object result is wrapped. */
  output?: { status: string; mediaType: string; wrappedIn?: string };
}

/** A contract-first tool (from a tool manifest) whose handler the user writes in `src/handlers/<name>.ts`. */
export interface HandlerBinding {
  kind: 'handler';
  /** Set when the manifest's `output` is not an object: the handler's value travels as `{ [wrappedIn]: value }`. */
  output?: { wrappedIn: string };
}

export interface Tool {
  definition: ToolDefinition;
  /** The toolset it belongs to: first tag, else first path segment (see map/toolset.ts). */
  toolset?: string;
  binding: HttpBinding | HandlerBinding;
  /** Required top-level arguments the server may ask the user for when a call leaves them out (src/map/elicitable.ts). */
  elicit?: string[];
  /** OAuth scopes a caller needs, as the spec gives them (`x-mcp.scopes`); unset: the runtime default. */
  scopes?: string[];
  source?: SourceLocation;
}

export interface ToolModel {
  info: ApiInfo;
  servers: Server[];
  securitySchemes: Record<string, SecurityScheme>;
  tools: Tool[];
  /** One line about each toolset that has one (OpenAPI tag descriptions), by toolset name. */
  toolsetDescriptions?: Record<string, string>;
  /**
   * The toolsets the spec's root `tags` declare, in that order (as toolset names): every listing
   * of toolsets shows these first, then the others by name (search-catalog.gen.ts toolsetOrder).
   */
  toolsetOrder?: string[];
  /**
   * No operation of the spec requires a credential and `generate --auth` declared none: calls go
   * upstream without any, so generate and the README say how to declare one (GitHub's spec).
   */
  noCredentials?: true;
}
