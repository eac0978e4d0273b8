import type { Parameter } from '../model/api-model.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';

/** RFC 9110 token (`1*tchar`): what an `x-mcp-header` value must be. */
export const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const PRIMITIVES = new Set(['string', 'integer', 'boolean']);

/** A parameter's schema with `$ref` resolved, as far as header eligibility needs. */
export type Resolver = (schema: JsonSchema) => JsonSchema | undefined;

/** Decides sensitivity (see sensitive.ts); passed in so a run can memoize it. */
export type SensitivityCheck = (name: string, format: string | undefined, description?: string, writeOnly?: boolean) => boolean;

/**
 * The inline primitive schema carrying `x-mcp-header` for `param`, or `undefined` when the parameter
 * is not eligible: only path and header parameters whose schema is one primitive (string, integer,
 * boolean — after resolving `$ref` and dropping `null`), whose name is a token and that are not
 * sensitive. Integers get `minimum`/`maximum` within ±(2^53−1) so the value is always safe.
 * Rules: ../shared/reference/x-mcp-header.md; MCP 2026-07-28 server/tools §x-mcp-header.
 */
export function headerSchemaFor(
  param: Parameter,
  schema: JsonSchema,
  resolve: Resolver,
  isSensitive: SensitivityCheck,
): JsonSchemaObject | undefined {
  if (param.in !== 'path' && param.in !== 'header') return undefined;
  if (param.contentType !== undefined || !HEADER_TOKEN.test(param.name)) return undefined;
  let base: JsonSchema | undefined = schema;
  let description: unknown;
  if (isSchemaObject(schema) && typeof schema.$ref === 'string') {
    description = schema.description;
    base = resolve(schema);
  }
  if (!isSchemaObject(base)) return undefined;
  const primitive = primitiveType(base);
  if (primitive === undefined) return undefined;
  const format = typeof base.format === 'string' ? base.format : undefined;
  const text = param.description ?? (typeof description === 'string' ? description : typeof base.description === 'string' ? base.description : undefined);
  if (isSensitive(param.name, format, text, base.writeOnly === true || (isSchemaObject(schema) && schema.writeOnly === true))) return undefined;

  const out: JsonSchemaObject = { ...base, type: primitive };
  delete out.$ref;
  if (description !== undefined) out.description = description;
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== null);
  if (primitive === 'integer') {
    out.minimum = typeof out.minimum === 'number' ? Math.max(out.minimum, -MAX_SAFE) : -MAX_SAFE;
    out.maximum = typeof out.maximum === 'number' ? Math.min(out.maximum, MAX_SAFE) : MAX_SAFE;
  }
  return out;
}

/** `string`, `integer` or `boolean` when that is the schema's one non-null type and nothing composes it. */
function primitiveType(schema: JsonSchemaObject): string | undefined {
  for (const k of ['allOf', 'anyOf', 'oneOf', 'not', 'if', '$ref']) if (k in schema) return undefined;
  let types: unknown[] = [];
  if (typeof schema.type === 'string') types = [schema.type];
  else if (Array.isArray(schema.type)) types = schema.type.filter((t) => t !== 'null');
  else if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string' || v === null)) types = ['string'];
  if (types.length !== 1 || typeof types[0] !== 'string' || !PRIMITIVES.has(types[0])) return undefined;
  return types[0];
}
