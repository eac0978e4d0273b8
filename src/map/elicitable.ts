/**
 * Which required arguments of a tool the generated server may ask the user for, through a form
 * elicitation, when a call leaves them out (the runtime's input gate, templates/runtime/input-gate.gen.ts).
 *
 * Only what a form can ask for and a person may be asked for: a required top-level property whose
 * schema (a local `$ref` followed once) is a string, number, integer or boolean, or an enum of
 * strings; never a sensitive one (the same rules as `x-mcp-header`, which also read the
 * description), a `writeOnly` one, nor a `password`/`binary` string or binary content (`contentEncoding`). MCP's elicitation page: servers
 * MUST NOT use form elicitation to request sensitive information.
 */
import type { JsonSchemaObject } from '../model/json-schema.js';
import type { SensitivityCheck } from './header-annotations.js';
import { isSensitiveParameter } from './sensitive.js';

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);
const UNASKABLE_FORMATS = new Set(['password', 'binary', 'byte']);

/**
 * The askable required arguments, in `required` order; `undefined` when there are none.
 * `sensitive`: extra sensitive patterns (`--sensitive`), or a check built from them that a run
 * shares (map-tools.ts memoizes it: parameter names repeat across operations).
 */
export function elicitableArguments(inputSchema: JsonSchemaObject, sensitive: readonly (string | RegExp)[] | SensitivityCheck = []): string[] | undefined {
  const isSensitive: SensitivityCheck = typeof sensitive === 'function'
    ? sensitive
    : (name, format, description) => isSensitiveParameter({ name, ...(format !== undefined ? { format } : {}), ...(description !== undefined ? { description } : {}) }, sensitive);
  const required = Array.isArray(inputSchema.required) ? (inputSchema.required as unknown[]) : [];
  const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const askable: string[] = [];
  for (const name of required) {
    if (typeof name !== 'string' || !Object.hasOwn(properties, name)) continue;
    const schema = followLocalRef(inputSchema, properties[name]);
    if (schema === undefined || !isPrimitive(schema)) continue;
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const description = typeof schema.description === 'string' ? schema.description : undefined;
    // Binary content (base64 strings, OpenAPI file uploads) is not something a person types into a form.
    if (schema.writeOnly === true || schema.contentEncoding !== undefined || schema.contentMediaType !== undefined) continue;
    if (format !== undefined && UNASKABLE_FORMATS.has(format)) continue;
    if (isSensitive(name, format, description)) continue;
    askable.push(name);
  }
  return askable.length > 0 ? askable : undefined;
}

function followLocalRef(root: JsonSchemaObject, schema: unknown): JsonSchemaObject | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  const ref = (schema as JsonSchemaObject).$ref;
  if (typeof ref !== 'string') return schema as JsonSchemaObject;
  if (!ref.startsWith('#/$defs/')) return undefined;
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  const key = decodeURIComponent(ref.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
  const target = Object.hasOwn(defs, key) ? defs[key] : undefined;
  return typeof target === 'object' && target !== null && !Array.isArray(target) && (target as JsonSchemaObject).$ref === undefined
    ? (target as JsonSchemaObject)
    : undefined;
}

function isPrimitive(schema: JsonSchemaObject): boolean {
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    return values.length > 0 && values.every((v) => typeof v === 'string');
  }
  const type = schema.type;
  if (typeof type === 'string') return PRIMITIVES.has(type);
  if (Array.isArray(type)) {
    const rest = type.filter((t) => t !== 'null');
    return rest.length === 1 && typeof rest[0] === 'string' && PRIMITIVES.has(rest[0]);
  }
  return false;
}
