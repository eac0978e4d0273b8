/**
 * Argument errors a model can act on. The SDK's validator (Ajv, through `fromJsonSchema`) says
 * `data must have required property 'city', data must NOT have additional properties,
 * data/tags/0 must be equal to one of the allowed values`: it names neither the unknown argument
 * nor the allowed values, so a model can only guess again. Each part is rewritten against the
 * arguments and the tool's inputSchema:
 *
 *   missing required argument "city", unknown argument "extra" (this tool takes: city, days, tags),
 *   tags[0] must be one of: "a", "b"
 *
 * Every other part keeps Ajv's wording, with the path written as the argument (`days must be <= 7`).
 * Only failed calls pay for it. The text names nothing the caller did not send or the schema does
 * not list, so it holds no secret the caller does not have.
 */
import type { JsonSchemaObject } from './types.gen.js';

/** Names and values listed at most; a longer list ends with how many more there are. */
const MAX_LISTED = 20;

/** The message of a failed argument check, rewritten (see the file comment); `value` is what was checked. */
export function explainArgumentErrors(message: string, value: unknown, schema: JsonSchemaObject): string {
  const parts: string[] = [];
  for (const part of message.split(/, (?=data[/ ])/)) {
    const explained = explainPart(part, value, schema);
    if (!parts.includes(explained)) parts.push(explained);
  }
  return parts.join(', ');
}

/** How a missing required argument is named, here and where the input gate finds one missing (input-gate.gen.ts). */
export function missingArgument(name: string): string {
  return `missing required argument ${JSON.stringify(name)}`;
}

function explainPart(part: string, value: unknown, root: JsonSchemaObject): string {
  // Ajv 8's messages all start with "must"; the instance path before them is a JSON pointer.
  const match = /^data((?:\/.*?)?) (must .*)$/s.exec(part);
  if (match === null) return part;
  const path = match[1]!.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const rule = match[2]!;
  const where = path.length === 0 ? 'the arguments' : pathText(path);
  const required = /^must have required property '(.*)'$/s.exec(rule);
  if (required !== null) return path.length === 0 ? missingArgument(required[1]!) : `${where}: missing required property ${JSON.stringify(required[1])}`;
  const schema = schemaAt(root, path);
  if (rule === 'must NOT have additional properties') {
    const known = schema !== undefined && isObject(schema.properties) && schema.patternProperties === undefined ? Object.keys(schema.properties) : undefined;
    const given = valueAt(value, path);
    if (known === undefined || !isObject(given)) return `${where} ${rule}`;
    const extra = Object.keys(given).filter((key) => !known.includes(key));
    if (extra.length === 0) return `${where} ${rule}`;
    const names = listed(extra.map((key) => JSON.stringify(key)));
    const takes = known.length === 0 ? 'none' : listed(known);
    return path.length === 0
      ? `unknown argument${extra.length === 1 ? '' : 's'} ${names} (this tool takes: ${takes})`
      : `${where}: unknown propert${extra.length === 1 ? 'y' : 'ies'} ${names} (known: ${takes})`;
  }
  if (rule === 'must be equal to one of the allowed values' && schema !== undefined && Array.isArray(schema.enum)) {
    return `${where} must be one of: ${listed(schema.enum.map((v) => JSON.stringify(v)))}`;
  }
  if (rule === 'must be equal to constant' && schema !== undefined && 'const' in schema) return `${where} must be ${JSON.stringify(schema.const)}`;
  return `${where} ${rule}`;
}

/** `owner`, `labels[0].name`, `["x-tenant"]`: a path the way a caller writes it. */
function pathText(path: readonly string[]): string {
  return path
    .map((segment, i) => (/^(0|[1-9][0-9]*)$/.test(segment) ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `${i === 0 ? '' : '.'}${segment}` : `[${JSON.stringify(segment)}]`))
    .join('');
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED ? `${shown}, … ${items.length - MAX_LISTED} more` : shown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at `path`, or undefined. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const segment of path) {
    if (Array.isArray(at)) at = at[Number(segment)];
    else if (isObject(at) && Object.hasOwn(at, segment)) at = at[segment];
    else return undefined;
  }
  return at;
}

/**
 * The subschema that checks the value at `path`, followed through `properties`, `items`,
 * `prefixItems` and local `$ref`s; undefined where it is not one schema (`anyOf` and the like):
 * the part then keeps Ajv's wording.
 */
function schemaAt(root: JsonSchemaObject, path: readonly string[]): JsonSchemaObject | undefined {
  let at: unknown = root;
  for (let i = 0; i <= path.length; i++) {
    for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 32; hops++) at = localRef(root, at.$ref);
    if (!isObject(at)) return undefined;
    if (i === path.length) return at;
    const segment = path[i]!;
    const numeric = /^(0|[1-9][0-9]*)$/.test(segment);
    const prefix = Array.isArray(at.prefixItems) ? at.prefixItems : undefined;
    if (numeric && prefix !== undefined && Number(segment) < prefix.length) at = prefix[Number(segment)];
    else if (numeric && at.items !== undefined) at = at.items;
    else if (isObject(at.properties) && Object.hasOwn(at.properties, segment)) at = at.properties[segment];
    else return undefined;
  }
  return undefined;
}

function localRef(root: JsonSchemaObject, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decoded(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(at) || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
