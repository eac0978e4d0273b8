import type { SourceLocation } from '../diagnostics.js';
import type { HttpMethod, Operation, Parameter, RequestBody, SecurityRequirement, SecurityScheme, Server } from '../model/api-model.js';
import { asRecord, asString, child, extensionsOf, type NormalizeContext } from './normalize-context.js';
import { mergeParameters, normalizeParameter, resolveParameterList } from './parameter.js';
import { normalizeRequestBody, normalizeV2Body } from './request-body.js';
import { normalizeResponses } from './response.js';
import { normalizeSecurityRequirements } from './security.js';
import { normalizeServers } from './servers.js';

/** What every operation inherits from the document root. */
export interface OperationDefaults {
  security: SecurityRequirement[];
  schemes: Record<string, SecurityScheme>;
  consumes: string[];
  produces: string[];
  rootExtensions: Record<string, unknown>;
  /** The document root, where `rootExtensions` come from. */
  rootSource: SourceLocation;
}

export interface PathItemInput {
  path: string;
  method: HttpMethod;
  pathItem: Record<string, unknown>;
  pathItemAt: SourceLocation;
  pathServers?: Server[];
  node: Record<string, unknown>;
  at: SourceLocation;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * A GET or HEAD request carries no body: HTTP gives it no meaning (RFC 9110 §9.3.1), OpenAPI
 * 3.0 says such a `requestBody` SHALL be ignored, and fetch refuses to send one. The body is
 * dropped, with a warning unless it could hold nothing anyway (Stripe's GETs declare an empty
 * form: `properties: {}`, `additionalProperties: false`).
 */
function sendable(ctx: NormalizeContext, method: HttpMethod, body: RequestBody, at: SourceLocation): boolean {
  if (method !== 'get' && method !== 'head') return true;
  const s = asRecord(body.schema);
  const empty = s !== undefined && s.additionalProperties === false && Object.keys(asRecord(s.properties) ?? {}).length === 0 &&
    !['allOf', 'anyOf', 'oneOf', '$ref', 'patternProperties', 'items'].some((k) => k in s);
  if (!empty) ctx.diagnostics.warn('request-body-ignored', `a ${method.toUpperCase()} request cannot carry a body; the request body is ignored`, at);
  return false;
}

export function normalizeOperation(ctx: NormalizeContext, input: PathItemInput, defaults: OperationDefaults): Operation {
  const { node, at, path, method, pathItem, pathItemAt } = input;
  const rawParams = mergeParameters(
    resolveParameterList(ctx, pathItem.parameters, child(pathItemAt, 'parameters')),
    resolveParameterList(ctx, node.parameters, child(at, 'parameters')),
  );
  const parameters: Parameter[] = [];
  for (const raw of rawParams) {
    const p = normalizeParameter(ctx, raw);
    if (p) parameters.push(p);
  }
  const operation: Operation = {
    method,
    path,
    deprecated: node.deprecated === true,
    tags: stringList(node.tags) ?? [],
    parameters: reconcilePathParameters(ctx, path, parameters, at),
    responses: [],
    security: normalizeSecurityRequirements(ctx, node.security, defaults.schemes, child(at, 'security')) ?? defaults.security,
    extensions: { root: defaults.rootExtensions, path: extensionsOf(pathItem), operation: extensionsOf(node) },
    extensionSources: { root: defaults.rootSource, path: pathItemAt },
    source: at,
  };
  if (Array.isArray(node.security)) operation.ownSecurity = true;
  const operationId = asString(node.operationId);
  if (operationId !== undefined && operationId.trim() !== '') operation.operationId = operationId;
  const summary = asString(node.summary) ?? asString(pathItem.summary);
  if (summary !== undefined) operation.summary = summary;
  const description = asString(node.description) ?? asString(pathItem.description);
  if (description !== undefined) operation.description = description;

  if (ctx.version === '2.0') {
    const consumes = stringList(node.consumes) ?? defaults.consumes;
    const body = normalizeV2Body(ctx, rawParams, consumes, at);
    if (body && sendable(ctx, method, body, at)) operation.requestBody = body;
    operation.responses = normalizeResponses(ctx, node.responses, stringList(node.produces) ?? defaults.produces, child(at, 'responses'));
  } else {
    if (node.requestBody !== undefined) {
      const body = normalizeRequestBody(ctx, node.requestBody, child(at, 'requestBody'));
      if (body && sendable(ctx, method, body, child(at, 'requestBody'))) operation.requestBody = body;
    }
    operation.responses = normalizeResponses(ctx, node.responses, [], child(at, 'responses'));
    const servers = normalizeServers(ctx, node.servers, child(at, 'servers')) ?? input.pathServers;
    if (servers) operation.servers = servers;
  }
  return operation;
}

const TEMPLATE_VAR = /\{([^{}]+)\}/g;

/**
 * Path parameters must match the template exactly (swagger-parser skips this check on 3.x).
 * Declared but absent → dropped with a warning; in the template but undeclared → a required
 * string parameter is synthesized with a warning, so the tool can still be called.
 */
function reconcilePathParameters(ctx: NormalizeContext, path: string, parameters: Parameter[], at: SourceLocation): Parameter[] {
  const names = new Set<string>();
  for (const match of path.matchAll(TEMPLATE_VAR)) names.add(match[1]!);
  const out: Parameter[] = [];
  const declared = new Set<string>();
  for (const p of parameters) {
    if (p.in !== 'path') {
      out.push(p);
      continue;
    }
    if (!names.has(p.name)) {
      ctx.diagnostics.warn('path-parameter-unused', `path parameter "${p.name}" does not appear in "${path}"; ignored`, p.source);
      continue;
    }
    declared.add(p.name);
    out.push(p);
  }
  for (const name of names) {
    if (declared.has(name)) continue;
    ctx.diagnostics.warn('path-parameter-undeclared', `"${path}" uses {${name}} but declares no such path parameter; assuming a required string`, at);
    out.push({ name, in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false, allowReserved: false, source: at });
  }
  return out;
}
