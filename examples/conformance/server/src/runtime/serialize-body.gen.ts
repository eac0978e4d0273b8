/**
 * Serializes the request body by its media type: JSON text; `application/x-www-form-urlencoded`
 * as URLSearchParams and `multipart/form-data` as FormData, both following the Encoding Object
 * (OpenAPI 3.1.2 §4.8.15); base64 arguments as bytes for binary types; text as it is.
 */
import type { BodyEncoding, HttpBinding, JsonSchemaObject, ParameterStyle } from './types.gen.js';
import { contentMediaTypeOf, decodeBase64, isBase64Schema, isBinaryMediaType, itemsSchema, propertySchema } from './binary-value.gen.js';
import { contentText, deepObjectPairs, delimiterOf, flatPairs, isJsonMediaType, memberText, shapeOf } from './parameter-value.gen.js';
import { RequestError } from './request-error.gen.js';

export type BodySpec = NonNullable<HttpBinding['body']>;

export interface SerializedBody {
  body: string | Uint8Array | FormData | URLSearchParams;
  /** `content-type` to send; absent for FormData, whose boundary fetch writes. */
  contentType?: string;
}

/** Where the body value came from, for error messages and schema lookups. */
export interface BodySource {
  /** The tool's inputSchema, for `$defs`. */
  root?: JsonSchemaObject;
  /** Schema of the whole body value (an object schema for flattened arguments). */
  schema?: unknown;
  /** Argument name for a member of the body: the flattened argument itself, or `body.member`. */
  argumentFor: (member: string) => string;
  /** Argument name for the body as a whole. */
  argument: string;
}

type Kind = 'json' | 'urlencoded' | 'multipart' | 'raw';

function kindOf(mediaType: string): Kind {
  const base = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (isJsonMediaType(base)) return 'json';
  if (base === 'application/x-www-form-urlencoded') return 'urlencoded';
  if (base.startsWith('multipart/')) return 'multipart';
  return 'raw';
}

/** A concrete `content-type` for a media type that may be a range (`*\/*`, `text/*`). */
function concreteType(mediaType: string, fallback: string): string {
  const base = (mediaType.split(';')[0] ?? '').trim();
  if (base === '*/*') return 'application/json';
  if (base.endsWith('/*')) return fallback;
  return mediaType;
}

export function serializeBody(spec: BodySpec, value: unknown, source: BodySource): SerializedBody {
  const kind = kindOf(spec.mediaType);
  if (kind === 'json') return { body: JSON.stringify(value), contentType: concreteType(spec.mediaType, 'application/json') };
  if (kind === 'urlencoded') return urlencoded(spec, value, source);
  if (kind === 'multipart') return { body: multipart(spec.encoding, value, source) };
  const text = spec.mediaType.toLowerCase().startsWith('text/');
  if (typeof value === 'string' && (isBase64Schema(source.root, source.schema) || (source.schema === undefined && isBinaryMediaType(spec.mediaType)))) {
    const decoded = decodeBase64(value, source.argument);
    return { body: decoded.bytes, contentType: concreteType(spec.mediaType, decoded.mediaType ?? 'application/octet-stream') };
  }
  return { body: contentText(value, spec.mediaType), contentType: concreteType(spec.mediaType, text ? 'text/plain' : 'application/octet-stream') };
}

function members(value: unknown, source: BodySource, mediaType: string): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RequestError(`argument "${source.argument}" must be an object to be sent as ${mediaType}`);
  }
  return Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
}

/** Encoding Object: style-based when any of style/explode/allowReserved is set, else content-based. */
function styleBased(encoding: BodyEncoding | undefined): { style: ParameterStyle; explode: boolean } | undefined {
  if (encoding === undefined || (encoding.style === undefined && encoding.explode === undefined && encoding.allowReserved === undefined)) return undefined;
  const style = encoding.style ?? 'form';
  return { style, explode: encoding.explode ?? style === 'form' };
}

/** Name/value pairs of one member, by style or (default) by content: lists repeat the name, objects are JSON. */
function memberPairs(name: string, value: unknown, encoding: BodyEncoding | undefined): Array<[string, string]> {
  const styled = styleBased(encoding);
  if (styled === undefined) {
    if (encoding?.contentType !== undefined && isJsonMediaType(encoding.contentType)) return [[name, JSON.stringify(value)]];
    if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null).map((v) => [name, memberText(v)]);
    return [[name, memberText(value)]];
  }
  if (styled.style === 'deepObject') return deepObjectPairs(name, value);
  const shape = shapeOf(value);
  const delimiter = delimiterOf(styled.style);
  switch (shape.kind) {
    case 'undefined':
      return [];
    case 'primitive':
      return [[name, shape.text]];
    case 'array':
      return styled.explode ? shape.items.map((item) => [name, item]) : [[name, shape.items.join(delimiter)]];
    case 'object':
      return styled.explode ? shape.entries : [[name, flatPairs(shape.entries).join(delimiter)]];
  }
}

function urlencoded(spec: BodySpec, value: unknown, source: BodySource): SerializedBody {
  const contentType = spec.mediaType;
  // A whole body given as text is taken as already encoded.
  if (typeof value === 'string') return { body: value, contentType };
  const params = new URLSearchParams();
  for (const [name, member] of members(value, source, 'application/x-www-form-urlencoded')) {
    for (const [k, v] of memberPairs(name, member, spec.encoding?.[name])) params.append(k, v);
  }
  return { body: params, contentType };
}

/** The type of a file part: a single concrete encoding contentType, the data URL's, the schema's, or octet-stream. */
function partType(encodingType: string | undefined, dataUrlType: string | undefined, schemaType: string | undefined): string {
  const first = encodingType?.split(',')[0]?.trim();
  if (first !== undefined && first !== '' && !first.includes('*')) return first;
  return dataUrlType ?? schemaType ?? 'application/octet-stream';
}

function multipart(encodings: BodySpec['encoding'], value: unknown, source: BodySource): FormData {
  const form = new FormData();
  for (const [name, member] of members(value, source, 'multipart/form-data')) {
    const encoding = encodings?.[name];
    const schema = propertySchema(source.root, source.schema, name);
    const argument = source.argumentFor(name);
    const appendFile = (text: string, fileSchema: unknown): void => {
      const decoded = decodeBase64(text, argument);
      const type = partType(encoding?.contentType, decoded.mediaType, contentMediaTypeOf(source.root, fileSchema));
      form.append(name, new Blob([decoded.bytes], { type }), name);
    };
    if (typeof member === 'string' && isBase64Schema(source.root, schema)) {
      appendFile(member, schema);
      continue;
    }
    if (Array.isArray(member) && isBase64Schema(source.root, itemsSchema(source.root, schema))) {
      const items = itemsSchema(source.root, schema);
      for (const item of member) if (typeof item === 'string') appendFile(item, items);
      continue;
    }
    const explicitType = encoding?.contentType;
    if (typeof member === 'object' && !Array.isArray(member) && styleBased(encoding) === undefined && explicitType !== undefined && !explicitType.startsWith('text/plain')) {
      // A declared part type for an object (e.g. application/json) is sent as that type.
      form.append(name, new Blob([contentText(member, explicitType)], { type: partType(explicitType, undefined, undefined) }), name);
      continue;
    }
    for (const [k, v] of memberPairs(name, member, encoding)) form.append(k, v);
  }
  return form;
}
