import type { Operation } from '../model/api-model.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import { isJsonMediaType } from '../normalize/media-type.js';
import { withoutTexts } from './compact-input.js';
import { COMPACT_OUTPUT_MAX_CHARS, fitsCompactOutput, type CompactOutputRule, type OutputSchemaMode } from './compact-output.js';
import { defKeyOf, type SchemaBundler } from './schema-bundle.js';

/** Property that holds a non-object result: MCP requires an `outputSchema` whose root is `type: object`. */
export const WRAPPED_RESULT_PROPERTY = 'result';

export interface OutputSchemaResult {
  /** Absent when `compact` advertises none: the answer is still structured, but unchecked. */
  schema?: JsonSchemaObject;
  status: string;
  mediaType: string;
  wrappedIn?: string;
}

/**
 * Definitions one outputSchema may carry. The output schema tells the model the shape of a result;
 * past a few dozen nested types it only costs context (and validation time), so deeper types are
 * left open.
 */
export const MAX_OUTPUT_DEFS = 30;

function statusRank(status: string): number {
  if (/^2\d\d$/.test(status)) return Number(status);
  return 300; // 2XX after every explicit code
}

/**
 * From the first 2xx JSON response that has a schema (200 before 201 …, `2XX` last). An object
 * root is used as is (a root `$ref` is inlined); anything else is wrapped as
 * `{ type: object, properties: { result: <schema> }, required: [result] }` and the server wraps
 * the upstream's JSON the same way. `compact` follows `rule` (compact-output.ts): `small`, the
 * first pass of every run, or `whole` when the run's tools/list fits the token budget with it.
 */
export function buildOutputSchema(op: Operation, bundler: SchemaBundler, mode: OutputSchemaMode = 'full', rule: CompactOutputRule = 'small'): OutputSchemaResult | undefined {
  if (mode === 'none') return undefined;
  const successes = op.responses.filter((r) => /^2(\d\d|XX)$/i.test(r.status)).sort((a, b) => statusRank(a.status) - statusRank(b.status));
  for (const response of successes) {
    const content = response.content.find((c) => c.schema !== undefined && isJsonMediaType(c.mediaType) && c.mediaType !== '*/*')
      ?? response.content.find((c) => c.schema !== undefined && c.mediaType === '*/*');
    if (!content || content.schema === undefined) continue;
    const bundled = bundleOutput(content.schema, bundler, mode === 'compact' ? rule : 'full');
    const result: OutputSchemaResult = { status: response.status, mediaType: content.mediaType };
    if (bundled.schema !== undefined) result.schema = bundled.schema;
    if (bundled.wrappedIn !== undefined) result.wrappedIn = bundled.wrappedIn;
    return result;
  }
  return undefined;
}

/**
 * Many operations answer with the same small schema (`{ $ref: repository }`, an array of users):
 * those are bundled once per run and the result shared (tool schemas are treated as immutable).
 */
export function bundleOutput(model: JsonSchema, bundler: SchemaBundler, mode: 'full' | CompactOutputRule = 'full'): { schema?: JsonSchemaObject; wrappedIn?: string } {
  let memoKey = isSchemaObject(model) && Object.keys(model).length <= 3 ? `${mode}:${JSON.stringify(model)}` : undefined;
  if (memoKey !== undefined && memoKey.length > 300) memoKey = undefined;
  const cached = memoKey !== undefined ? bundler.memo.get(memoKey) : undefined;
  if (cached !== undefined) return cached as { schema?: JsonSchemaObject; wrappedIn?: string };
  const transformed = bundler.transform(model, 'response');
  let root = transformed;
  const key = defKeyOf(transformed);
  if (key !== undefined) root = bundler.def(key, 'response') ?? {};
  let out: JsonSchemaObject;
  let wrappedIn: string | undefined;
  if (isObjectRoot(root, bundler)) {
    out = { ...(root as JsonSchemaObject) };
    if (out.type === undefined) out.type = 'object';
  } else {
    wrappedIn = WRAPPED_RESULT_PROPERTY;
    out = { type: 'object', properties: { [WRAPPED_RESULT_PROPERTY]: transformed }, required: [WRAPPED_RESULT_PROPERTY] };
  }
  const schema = mode === 'full' ? bundler.bundle(out, 'response', MAX_OUTPUT_DEFS) : compactOutput(out, bundler, mode);
  const result = { ...(schema !== undefined ? { schema } : {}), ...(wrappedIn !== undefined ? { wrappedIn } : {}) };
  if (memoKey !== undefined) bundler.memo.set(memoKey, result);
  return result;
}

/**
 * The schema without its texts (up to {@link MAX_OUTPUT_DEFS} definitions), for `small` only when
 * that is at most {@link COMPACT_OUTPUT_MAX_CHARS} characters (compact-output.ts); else undefined.
 */
function compactOutput(out: JsonSchemaObject, bundler: SchemaBundler, rule: CompactOutputRule): JsonSchemaObject | undefined {
  if (rule === 'small' && !fitsCompactOutput(out, (key) => bundler.def(key, 'response'))) return undefined;
  const lean = withoutTexts(bundler.bundle(out, 'response', MAX_OUTPUT_DEFS));
  if (rule === 'small' && JSON.stringify(lean).length > COMPACT_OUTPUT_MAX_CHARS) return undefined;
  // `{ type: object }` alone tells a model nothing, yet costs a client compile like any other.
  const keys = Object.keys(lean);
  return keys.length === 1 && keys[0] === 'type' && lean.type === 'object' ? undefined : lean;
}

/** `type: object` (alone), or untyped with properties / an allOf of objects. Nullable objects are wrapped. */
function isObjectRoot(schema: JsonSchema, bundler: SchemaBundler): boolean {
  if (!isSchemaObject(schema)) return false;
  if (schema.type === 'object') return true;
  if (schema.type !== undefined) return false;
  if (schema.anyOf !== undefined || schema.oneOf !== undefined || schema.not !== undefined) return false;
  if (Array.isArray(schema.allOf)) {
    return schema.allOf.every((member: JsonSchema) => {
      const target = bundler.resolve(member) ?? member;
      return isSchemaObject(target) && (target.type === 'object' || (target.type === undefined && isSchemaObject(target.properties)));
    });
  }
  return isSchemaObject(schema.properties);
}
