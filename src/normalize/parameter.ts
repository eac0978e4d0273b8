import type { SourceLocation } from '../diagnostics.js';
import { forbiddenHeaderReason } from './forbidden-headers.js';
import type { Parameter, ParameterLocation, ParameterStyle } from '../model/api-model.js';
import { asRecord, asString, child, deref, toSchema, type NormalizeContext } from './normalize-context.js';
import { pickMediaType } from './media-type.js';

/** RFC 9110 token: what header and cookie names must be. */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LOCATIONS: readonly string[] = ['path', 'query', 'header', 'cookie'];
const STYLES: readonly string[] = ['form', 'simple', 'label', 'matrix', 'spaceDelimited', 'pipeDelimited', 'deepObject'];

/** Swagger 2.0 keywords written on the parameter itself that are really its schema. */
const V2_SCHEMA_KEYS = [
  'type', 'format', 'items', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf', 'x-nullable',
];

/** Swagger 2.0 `collectionFormat` → OpenAPI 3 style/explode. */
const COLLECTION_FORMATS: Record<string, { style: ParameterStyle; explode: boolean } | undefined> = {
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  tsv: { style: 'tabDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
};

/** Raw parameter after `$ref` resolution, with its location; `in: body|formData` stay for the body normalizer. */
export interface RawParameter {
  name: string;
  in: string;
  node: Record<string, unknown>;
  at: SourceLocation;
}

/** Resolves a `parameters` array; entries that are not usable objects are warned about and skipped. */
export function resolveParameterList(ctx: NormalizeContext, list: unknown, at: SourceLocation): RawParameter[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    ctx.diagnostics.warn('parameters-invalid', '"parameters" is not an array; ignored', at);
    return [];
  }
  const out: RawParameter[] = [];
  list.forEach((entry, i) => {
    const resolved = deref(ctx, entry, child(at, i), 'parameter');
    if (!resolved) return;
    const node = asRecord(resolved.value);
    const name = asString(node?.name);
    const location = asString(node?.in);
    if (!node || name === undefined || location === undefined) {
      ctx.diagnostics.warn('parameter-invalid', 'parameter without "name" and "in"; ignored', resolved.at);
      return;
    }
    out.push({ name, in: location, node, at: resolved.at });
  });
  return out;
}

/**
 * Path-item parameters overridden by operation parameters with the same name and location. Header
 * names are case-insensitive (RFC 9110 §5.1), so `X-Foo` and `x-foo` are the same header.
 */
export function mergeParameters(pathLevel: RawParameter[], opLevel: RawParameter[]): RawParameter[] {
  const byKey = new Map<string, RawParameter>();
  for (const p of [...pathLevel, ...opLevel]) byKey.set(`${p.in}\u0000${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
  return [...byKey.values()];
}

/** Normalizes a path/query/header/cookie parameter; `undefined` for body/formData or an unknown location. */
export function normalizeParameter(ctx: NormalizeContext, raw: RawParameter): Parameter | undefined {
  if (!LOCATIONS.includes(raw.in)) {
    if (raw.in !== 'body' && raw.in !== 'formData') {
      ctx.diagnostics.warn('parameter-invalid', `parameter "${raw.name}" has unknown location "${raw.in}"; ignored`, raw.at);
    }
    return undefined;
  }
  const location = raw.in as ParameterLocation;
  if ((location === 'header' || location === 'cookie') && !HTTP_TOKEN.test(raw.name)) {
    ctx.diagnostics.warn('parameter-name-invalid', `${location} parameter name ${JSON.stringify(raw.name)} is not a valid HTTP token and cannot be sent; ignored`, raw.at);
    return undefined;
  }
  const forbidden = location === 'header' ? forbiddenHeaderReason(raw.name, ctx.spec) : undefined;
  if (forbidden !== undefined) {
    ctx.diagnostics.warn('parameter-header-forbidden', `header parameter "${raw.name}" is dropped: ${forbidden}`, raw.at);
    return undefined;
  }
  if (location === 'query' && raw.name === '') {
    ctx.diagnostics.warn('parameter-name-invalid', 'query parameter name "" is empty and cannot be sent; ignored', raw.at);
    return undefined;
  }
  const node = raw.node;
  const param: Parameter = {
    name: raw.name,
    in: location,
    required: location === 'path' ? true : node.required === true,
    schema: {},
    style: location === 'query' || location === 'cookie' ? 'form' : 'simple',
    explode: false,
    allowReserved: node.allowReserved === true,
    source: raw.at,
  };
  if (location === 'path' && node.required !== true) {
    ctx.diagnostics.warn('path-parameter-optional', `path parameter "${raw.name}" must be required; treated as required`, raw.at);
  }
  if (location === 'query' && node.allowEmptyValue === true) param.allowEmptyValue = true;
  const description = asString(node.description);
  if (description !== undefined) param.description = description;
  if (node.deprecated === true) param.deprecated = true;

  if (ctx.version === '2.0') {
    const pseudo: Record<string, unknown> = {};
    for (const key of V2_SCHEMA_KEYS) if (key in node) pseudo[key] = node[key];
    param.schema = toSchema(ctx, pseudo, raw.at);
    const format = COLLECTION_FORMATS[asString(node.collectionFormat) ?? 'csv'];
    if (node.type === 'array' && format) {
      param.style = location === 'query' || location === 'cookie' || format.style !== 'form' ? format.style : 'simple';
      param.explode = format.explode;
    }
    return param;
  }

  const style = asString(node.style);
  if (style !== undefined) {
    if (STYLES.includes(style)) param.style = style as ParameterStyle;
    else ctx.diagnostics.warn('parameter-style-invalid', `unknown style "${style}"; using "${param.style}"`, raw.at);
  }
  param.explode = typeof node.explode === 'boolean' ? node.explode : param.style === 'form';

  if (node.schema !== undefined) {
    param.schema = toSchema(ctx, node.schema, child(raw.at, 'schema'));
  } else if (asRecord(node.content)) {
    const content = node.content as Record<string, unknown>;
    const mediaType = pickMediaType(Object.keys(content));
    if (mediaType !== undefined) {
      param.contentType = mediaType;
      const media = asRecord(content[mediaType]);
      if (media?.schema !== undefined) param.schema = toSchema(ctx, media.schema, child(raw.at, 'content', mediaType, 'schema'));
    }
  } else {
    ctx.diagnostics.warn('parameter-schema-missing', `parameter "${raw.name}" has neither "schema" nor "content"; any value accepted`, raw.at);
  }
  return param;
}
