/**
 * The OpenAPI spellings that JSON Schema 2020-12 says differently, applied to a schema whose
 * keywords `convertSchema` has already converted (`out`), looking at the original (`source`) for
 * the keywords it dropped.
 */
import type { JsonSchemaObject } from '../model/json-schema.js';
import { clone } from './schema-keywords.js';
import { setOwn } from './set-own.js';

/** Annotations that stay on the outside when a nullable schema is wrapped in `anyOf`. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * The keywords of a source schema without which {@link applyOpenApiRewrites} changes nothing, and
 * a `type` that {@link mayBeFile}: each rewrite below starts from one of them (`out.format` and
 * `out.contentMediaType` only come from the source's own keywords of those names).
 */
export const REWRITTEN: ReadonlySet<string> = new Set(['example', 'exclusiveMinimum', 'exclusiveMaximum', 'format', 'contentMediaType', 'nullable', 'x-nullable']);

/** A `type` that may be (or hold) Swagger 2.0's `file`. */
export function mayBeFile(type: unknown): boolean {
  return type === 'file' || Array.isArray(type);
}

export function applyOpenApiRewrites(out: JsonSchemaObject, source: JsonSchemaObject): JsonSchemaObject {
  // `example` (one value) → `examples` (a list); an `examples` list already there wins.
  if (source.example !== undefined && source.example !== null && !Array.isArray(out.examples)) out.examples = [clone(source.example)];
  rewriteExclusiveBound(out, source, 'exclusiveMinimum', 'minimum');
  rewriteExclusiveBound(out, source, 'exclusiveMaximum', 'maximum');
  rewriteBinary(out, source);
  return source.nullable === true || source['x-nullable'] === true ? makeNullable(out) : out;
}

/** 2.0/3.0 `{ minimum: 5, exclusiveMinimum: true }` → `{ exclusiveMinimum: 5 }`; `false` just goes. */
function rewriteExclusiveBound(out: JsonSchemaObject, source: JsonSchemaObject, exclusive: string, bound: string): void {
  if (source[exclusive] !== true || typeof out[bound] !== 'number') return;
  out[exclusive] = out[bound];
  delete out[bound];
}

/**
 * A model can only send text, so binary data travels as base64: Swagger 2.0 `type: file`, 2.0/3.0
 * `format: binary` and `format: byte` (already base64), and a 3.1 `contentMediaType` that is
 * binary with no `contentEncoding` (3.1 §4.8.24.3 "binary content").
 */
function rewriteBinary(out: JsonSchemaObject, source: JsonSchemaObject): void {
  if (!allowsString(out.type)) return;
  const isFile = source.type === 'file' || (Array.isArray(source.type) && source.type.includes('file'));
  if (isFile || out.format === 'binary' || out.format === 'byte') {
    delete out.format;
    if (out.contentEncoding === undefined) out.contentEncoding = 'base64';
  } else if (typeof out.contentMediaType === 'string' && out.contentEncoding === undefined && isBinaryMediaType(out.contentMediaType)) {
    out.contentEncoding = 'base64';
  }
}

function allowsString(type: unknown): boolean {
  return type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/** Media types whose content is bytes rather than text. Conservative: unknown types count as text. */
export function isBinaryMediaType(mediaType: string): boolean {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'image/svg+xml') return false;
  const [top] = type.split('/');
  return (
    top === 'image' ||
    top === 'audio' ||
    top === 'video' ||
    top === 'font' ||
    type === 'application/octet-stream' ||
    type === 'application/pdf' ||
    type === 'application/zip' ||
    type === 'application/gzip'
  );
}

/**
 * 3.0 `nullable: true` (and 2.0's `x-nullable`; also honoured in 3.1 documents, which still use it
 * in the wild): `null` joins `type` (and `enum`). A schema that constrains through `allOf`/`anyOf`/
 * `oneOf`/`$ref`/`const` cannot be widened in place, so it becomes `anyOf: [it, { type: "null" }]`.
 * Without any of those, the schema already accepts `null` (unless `enum` rules it out).
 */
function makeNullable(out: JsonSchemaObject): JsonSchemaObject {
  if (out.allOf !== undefined || out.anyOf !== undefined || out.oneOf !== undefined || out.$ref !== undefined || out.const !== undefined) {
    const outer: JsonSchemaObject = {};
    const inner: JsonSchemaObject = {};
    for (const [keyword, value] of Object.entries(out)) setOwn(ANNOTATIONS.has(keyword) ? outer : inner, keyword, value);
    outer.anyOf = [inner, { type: 'null' }];
    return outer;
  }
  if (typeof out.type === 'string' && out.type !== 'null') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum.push(null);
  return out;
}
