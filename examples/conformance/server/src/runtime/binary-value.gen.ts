/**
 * Binary arguments: which inputSchema properties carry base64 text (`contentEncoding: base64`,
 * what the generator writes for OpenAPI `format: binary`, Swagger 2.0 `type: file` and binary
 * bodies), and decoding that text into bytes for the upstream request.
 */
import type { JsonSchemaObject } from './types.gen.js';
import { RequestError } from './request-error.gen.js';

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*);base64,/i;
const WHITESPACE = /\s+/g;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9\-_]*={0,2}$/;
const MAX_REF_HOPS = 32;

function isRecord(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows local `#/$defs/…` references of the tool's inputSchema (`root`). */
export function resolveSchema(root: JsonSchemaObject | undefined, schema: unknown): JsonSchemaObject | undefined {
  let current = schema;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isRecord(current)) return undefined;
    const ref = current.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return current;
    const key = ref.slice('#/$defs/'.length).replaceAll('~1', '/').replaceAll('~0', '~');
    const defs = root?.$defs;
    current = isRecord(defs) && Object.hasOwn(defs, key) ? defs[key] : undefined;
  }
  return undefined;
}

/** The schema of property `name` of an object schema (also looked up in `allOf` branches). */
export function propertySchema(root: JsonSchemaObject | undefined, schema: unknown, name: string): JsonSchemaObject | undefined {
  const s = resolveSchema(root, schema);
  if (!s) return undefined;
  const properties = s.properties;
  if (isRecord(properties) && Object.hasOwn(properties, name)) return resolveSchema(root, properties[name]);
  if (Array.isArray(s.allOf)) {
    for (const branch of s.allOf) {
      const found = propertySchema(root, branch, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The non-null branches of a schema: itself, or the members of its `anyOf`/`oneOf` (nullable wrappers). */
function branches(root: JsonSchemaObject | undefined, schema: unknown): JsonSchemaObject[] {
  const s = resolveSchema(root, schema);
  if (!s) return [];
  const out = [s];
  for (const keyword of ['anyOf', 'oneOf']) {
    const list = s[keyword];
    if (Array.isArray(list)) for (const b of list) {
      const r = resolveSchema(root, b);
      if (r) out.push(r);
    }
  }
  return out;
}

/** True when the schema says the string is base64 of some bytes. */
export function isBase64Schema(root: JsonSchemaObject | undefined, schema: unknown): boolean {
  return branches(root, schema).some((s) => s.contentEncoding === 'base64' || s.contentEncoding === 'base64url');
}

/** The items schema of an array schema, for lists of files. */
export function itemsSchema(root: JsonSchemaObject | undefined, schema: unknown): JsonSchemaObject | undefined {
  for (const s of branches(root, schema)) {
    const items = resolveSchema(root, s.items);
    if (items) return items;
  }
  return undefined;
}

/** `contentMediaType` of a (binary) string schema. */
export function contentMediaTypeOf(root: JsonSchemaObject | undefined, schema: unknown): string | undefined {
  for (const s of branches(root, schema)) if (typeof s.contentMediaType === 'string') return s.contentMediaType;
  return undefined;
}

export interface DecodedBinary {
  bytes: Uint8Array;
  /** The media type of a `data:` URL, when the text was one. */
  mediaType?: string;
}

/** Decodes base64 (or base64url, or a `data:…;base64,` URL); whitespace is ignored, anything else invalid throws `RequestError`. */
export function decodeBase64(text: string, argument: string): DecodedBinary {
  let data = text;
  let mediaType: string | undefined;
  const prefix = DATA_URL.exec(text.slice(0, 512));
  if (prefix) {
    data = text.slice(prefix[0].length);
    if (prefix[1]) mediaType = prefix[1];
  }
  data = data.replace(WHITESPACE, '');
  if ((!BASE64.test(data) && !BASE64URL.test(data)) || data.replace(/=+$/, '').length % 4 === 1) {
    throw new RequestError(`argument "${argument}" must be base64-encoded bytes`);
  }
  const buffer = Buffer.from(data, 'base64');
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return mediaType === undefined ? { bytes } : { bytes, mediaType };
}

/** Media types whose content is bytes rather than text (as the generator decides it). */
export function isBinaryMediaType(mediaType: string): boolean {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'image/svg+xml') return false;
  const top = type.slice(0, type.indexOf('/'));
  return (
    top === 'image' || top === 'audio' || top === 'video' || top === 'font' ||
    type === 'application/octet-stream' || type === 'application/pdf' || type === 'application/zip' || type === 'application/gzip'
  );
}
