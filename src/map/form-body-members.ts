/**
 * Required members of a form body (`application/x-www-form-urlencoded`, `multipart/form-data`)
 * that the request could not carry empty: an empty list gives no pair at all (repeated names,
 * `deepObject` brackets and delimited styles alike), and so does an empty object sent by style
 * (`deepObject`, `form`). The member would be missing, which the API reads as a required
 * property left out (Stripe's `line_items: []` → "Body parameter is required"). Their schemas
 * say `minItems`/`minProperties: 1`; a `deepObject` member's own required members likewise.
 * A JSON-typed part (`contentType: application/json`, or an object member without an
 * encoding, which goes as JSON text) keeps `[]`/`{}`, and so keeps its schema.
 */
import type { BodyEncoding, RequestBody } from '../model/api-model.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isFormMediaType, isJsonMediaType } from '../normalize/media-type.js';
import { isSchemaObject } from '../model/json-schema.js';

/** True for the media types whose members go as name/value pairs. */
export function isFormBody(body: RequestBody): boolean {
  return isFormMediaType(body.mediaType);
}

function styled(encoding: BodyEncoding | undefined): boolean {
  return encoding !== undefined && (encoding.style !== undefined || encoding.explode !== undefined || encoding.allowReserved !== undefined);
}

/** One required member's schema, tightened where its empty value would send nothing. */
export function nonEmptyFormMember(schema: JsonSchema, encoding: BodyEncoding | undefined): JsonSchema {
  if (!styled(encoding) && encoding?.contentType !== undefined && isJsonMediaType(encoding.contentType)) return schema;
  return tighten(schema, styled(encoding), encoding?.style === 'deepObject');
}

/** An inline object body's required members, tightened (for a body that stays one argument). */
export function nonEmptyFormBody(schema: JsonSchema, encodings: Record<string, BodyEncoding> | undefined): JsonSchema {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties) || !Array.isArray(schema.required)) return schema;
  const properties: Record<string, JsonSchema> = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const name of schema.required) {
    if (typeof name !== 'string' || !Object.hasOwn(properties, name)) continue;
    properties[name] = nonEmptyFormMember(properties[name]!, encodings !== undefined && Object.hasOwn(encodings, name) ? encodings[name] : undefined);
  }
  return { ...schema, properties };
}

function tighten(schema: JsonSchema, byStyle: boolean, deep: boolean): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    // Stripe's `anyOf: [{ type: array }, { enum: [''] }]` ("" clears the field).
    if (Array.isArray(branches) && branches.every(isSchemaObject)) return { ...schema, [keyword]: branches.map((b) => tighten(b, byStyle, deep)) };
  }
  if (schema.type === 'array') return schema.minItems === undefined ? { ...schema, minItems: 1 } : schema;
  if (schema.type !== 'object' || !byStyle) return schema;
  const out: JsonSchemaObject = schema.minProperties === undefined ? { ...schema, minProperties: 1 } : { ...schema };
  if (deep && isSchemaObject(out.properties) && Array.isArray(out.required)) {
    const properties: Record<string, JsonSchema> = { ...(out.properties as Record<string, JsonSchema>) };
    for (const name of out.required) if (typeof name === 'string' && Object.hasOwn(properties, name)) properties[name] = tighten(properties[name]!, true, true);
    out.properties = properties;
  }
  return out;
}
