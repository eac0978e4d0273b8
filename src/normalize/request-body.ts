import type { SourceLocation } from '../diagnostics.js';
import type { BodyEncoding, ParameterStyle, RequestBody } from '../model/api-model.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { asRecord, asString, child, deref, toSchema, type NormalizeContext } from './normalize-context.js';
import type { RawParameter } from './parameter.js';
import { isJsonMediaType, pickMediaType } from './media-type.js';
import { setOwn } from './set-own.js';

const BINARY: JsonSchemaObject = { type: 'string', contentEncoding: 'base64' };

/** A body schema when the spec gives none: binary as base64, text as a string, anything else open. */
function defaultSchema(mediaType: string): JsonSchema {
  const base = mediaType.toLowerCase();
  if (base.startsWith('text/')) return { type: 'string' };
  if (isJsonMediaType(base)) return {};
  if (base.startsWith('multipart/') || base === 'application/x-www-form-urlencoded') return { type: 'object' };
  return { ...BINARY };
}

/** OpenAPI 3.x `requestBody`. */
export function normalizeRequestBody(ctx: NormalizeContext, value: unknown, at: SourceLocation): RequestBody | undefined {
  const resolved = deref(ctx, value, at, 'request body');
  if (!resolved) return undefined;
  const node = asRecord(resolved.value);
  const content = asRecord(node?.content);
  if (!node || !content || Object.keys(content).length === 0) {
    ctx.diagnostics.warn('request-body-invalid', 'request body without "content"; ignored', resolved.at);
    return undefined;
  }
  const mediaTypes = Object.keys(content);
  const mediaType = pickMediaType(mediaTypes)!;
  const media = asRecord(content[mediaType]) ?? {};
  const mediaAt = child(resolved.at, 'content', mediaType);
  let schema: JsonSchema = media.schema === undefined ? defaultSchema(mediaType) : toSchema(ctx, media.schema, child(mediaAt, 'schema'));
  // A binary body whose schema is a bare string is sent as base64 text.
  if (!isJsonMediaType(mediaType) && !mediaType.startsWith('text/') && isPlainString(schema) && !mediaType.includes('form')) {
    schema = { ...(schema as JsonSchemaObject), contentEncoding: 'base64' };
  }
  const body: RequestBody = {
    required: node.required === true,
    mediaType,
    mediaTypes,
    schema,
    source: resolved.at,
  };
  const description = asString(node.description);
  if (description !== undefined) body.description = description;
  const encoding = normalizeEncoding(asRecord(media.encoding));
  if (encoding) body.encoding = encoding;
  return body;
}

function isPlainString(schema: JsonSchema): boolean {
  return typeof schema === 'object' && schema.type === 'string' && schema.contentEncoding === undefined && schema.format === undefined;
}

function normalizeEncoding(encoding: Record<string, unknown> | undefined): Record<string, BodyEncoding> | undefined {
  if (!encoding) return undefined;
  const out: Record<string, BodyEncoding> = {};
  for (const [name, raw] of Object.entries(encoding)) {
    const e = asRecord(raw);
    if (!e) continue;
    const entry: BodyEncoding = {};
    if (typeof e.contentType === 'string') entry.contentType = e.contentType;
    if (typeof e.style === 'string') entry.style = e.style as ParameterStyle;
    if (typeof e.explode === 'boolean') entry.explode = e.explode;
    if (typeof e.allowReserved === 'boolean') entry.allowReserved = e.allowReserved;
    setOwn(out, name, entry);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Swagger 2.0: the `in: body` parameter, or the `formData` parameters as one object body. */
export function normalizeV2Body(ctx: NormalizeContext, params: RawParameter[], consumes: string[], at: SourceLocation): RequestBody | undefined {
  const bodyParam = params.find((p) => p.in === 'body');
  const formParams = params.filter((p) => p.in === 'formData');
  if (bodyParam && formParams.length > 0) {
    ctx.diagnostics.warn('body-and-form', 'operation has both a "body" and "formData" parameters; formData ignored', at);
  }
  if (bodyParam) {
    const mediaTypes = consumes.length > 0 ? consumes : ['application/json'];
    const mediaType = pickMediaType(mediaTypes)!;
    const node = bodyParam.node;
    const schema = node.schema === undefined ? defaultSchema(mediaType) : toSchema(ctx, node.schema, child(bodyParam.at, 'schema'));
    const body: RequestBody = { required: node.required === true, mediaType, mediaTypes, schema, source: bodyParam.at };
    const description = asString(node.description);
    if (description !== undefined) body.description = description;
    return body;
  }
  if (formParams.length === 0) return undefined;

  const hasFile = formParams.some((p) => p.node.type === 'file');
  const formTypes = consumes.filter((c) => /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(c));
  let mediaType = hasFile ? 'multipart/form-data' : (formTypes[0] ?? 'application/x-www-form-urlencoded');
  if (!hasFile && formTypes.some((c) => c.toLowerCase().startsWith('application/x-www-form-urlencoded'))) {
    mediaType = 'application/x-www-form-urlencoded';
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const encoding: Record<string, BodyEncoding> = {};
  for (const p of formParams) {
    const pseudo: Record<string, unknown> = {};
    for (const key of ['type', 'format', 'items', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf']) {
      if (key in p.node) pseudo[key] = p.node[key];
    }
    const description = asString(p.node.description);
    if (description !== undefined) pseudo.description = description;
    setOwn(properties, p.name, toSchema(ctx, pseudo, p.at));
    if (p.node.required === true) required.push(p.name);
    if (p.node.type === 'array') {
      const cf = asString(p.node.collectionFormat) ?? 'csv';
      const style: Record<string, BodyEncoding> = {
        multi: { style: 'form', explode: true },
        ssv: { style: 'spaceDelimited', explode: false },
        pipes: { style: 'pipeDelimited', explode: false },
        tsv: { style: 'tabDelimited', explode: false },
      };
      setOwn(encoding, p.name, (Object.hasOwn(style, cf) ? style[cf] : undefined) ?? { style: 'form', explode: false });
    }
  }
  const schema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  const body: RequestBody = {
    required: required.length > 0,
    mediaType,
    mediaTypes: consumes.length > 0 ? consumes : [mediaType],
    schema,
    source: formParams[0]!.at,
  };
  if (Object.keys(encoding).length > 0) body.encoding = encoding;
  return body;
}
