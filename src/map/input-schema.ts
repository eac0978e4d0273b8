import type { Operation, Parameter, ParameterLocation, SecurityScheme } from '../model/api-model.js';
import type { JsonSchema, JsonSchemaObject } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';
import type { ArgumentBinding } from '../model/tool-model.js';
import { headerSchemaFor, type SensitivityCheck } from './header-annotations.js';
import { isFormBody, nonEmptyFormBody, nonEmptyFormMember } from './form-body-members.js';
import type { SchemaBundler } from './schema-bundle.js';
import { setOwn } from '../normalize/set-own.js';

export interface InputSchemaResult {
  schema: JsonSchemaObject;
  arguments: Record<string, ArgumentBinding>;
}

export interface InputSchemaContext {
  bundler: SchemaBundler;
  securitySchemes: Record<string, SecurityScheme>;
  isSensitive: SensitivityCheck;
}

/** Definitions one inputSchema may carry before deeper ones are left open (see SchemaBundler.bundle). */
export const MAX_INPUT_DEFS = 100;

const LOCATION_ORDER: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
/** OpenAPI: header parameters with these names SHALL be ignored. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'patternProperties', '$ref'];

/**
 * True when a security scheme the operation may use (its effective `security`: its own, else the
 * root's) supplies this parameter: credentials come from configuration, never from the model. A
 * scheme the operation does not use leaves a same-named parameter an ordinary argument.
 */
function isCredential(param: Parameter, schemeKeys: ReadonlySet<string>, schemes: Record<string, SecurityScheme>): boolean {
  for (const key of schemeKeys) {
    const scheme = Object.hasOwn(schemes, key) ? schemes[key] : undefined;
    if (scheme === undefined || scheme.type !== 'apiKey' || scheme.in !== param.in || scheme.name === undefined) continue;
    const same = param.in === 'header' ? scheme.name.toLowerCase() === param.name.toLowerCase() : scheme.name === param.name;
    if (same) return true;
  }
  return false;
}

function uniqueName(wanted: string, fallback: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  if (!taken.has(fallback)) return fallback;
  for (let i = 2; ; i++) if (!taken.has(`${fallback}_${i}`)) return `${fallback}_${i}`;
}

function withDoc(schema: JsonSchema, description: string | undefined, deprecated: boolean | undefined): JsonSchema {
  if (!isSchemaObject(schema)) return schema;
  if ((description === undefined || schema.description !== undefined) && !deprecated) return schema;
  const out: JsonSchemaObject = { ...schema };
  if (description !== undefined && out.description === undefined) out.description = description;
  if (deprecated) out.deprecated = true;
  return out;
}

/**
 * The tool's `inputSchema`: path, query, header and cookie parameters, then the body — its
 * properties as top-level arguments when none clashes, else the whole body as one argument.
 * A parameter whose name is taken by an earlier location gets `<name>_<location>`.
 */
export function buildInputSchema(op: Operation, ctx: InputSchemaContext): InputSchemaResult {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const args: Record<string, ArgumentBinding> = {};
  const taken = new Set<string>();
  const schemeKeys = new Set(op.security.flatMap((requirement) => Object.keys(requirement)));
  const params = LOCATION_ORDER.flatMap((loc) =>
    op.parameters.filter((p) => p.in === loc && !(p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())) && !isCredential(p, schemeKeys, ctx.securitySchemes)),
  );

  const headerCandidates: { arg: string; param: Parameter; schema: JsonSchemaObject }[] = [];
  for (const param of params) {
    const arg = uniqueName(param.name, `${param.name}_${param.in}`, taken);
    taken.add(arg);
    let schema = ctx.bundler.transform(param.schema, 'request');
    schema = nonEmptyValue(schema, param);
    setOwn(properties, arg, withDoc(schema, param.description, param.deprecated));
    if (param.required) required.push(arg);
    const binding: ArgumentBinding = { in: param.in, name: param.name, required: param.required, style: param.style, explode: param.explode };
    if (param.allowReserved) binding.allowReserved = true;
    if (param.contentType !== undefined) binding.contentType = param.contentType;
    setOwn(args, arg, binding);
    const header = headerSchemaFor(param, properties[arg]!, (s) => resolveForHeader(ctx.bundler, s), ctx.isSensitive);
    if (header) headerCandidates.push({ arg, param, schema: header });
  }
  annotateHeaders(headerCandidates, properties);

  const body = op.requestBody;
  if (body) {
    const transformed = ctx.bundler.transform(body.schema, 'request');
    const form = isFormBody(body);
    const schema = body.required ? withoutNull(transformed) : transformed;
    const flat = flattenable(ctx.bundler, schema, taken);
    // `required` in the spec's array order (not key order), so shuffled keys give the same schema.
    const flatRequired = flat && Array.isArray(flat.required) ? (flat.required as unknown[]).filter((n): n is string => typeof n === 'string' && Object.hasOwn(flat.properties as object, n)) : [];
    // An optional body that requires properties stays one optional argument (see docs/request-arguments.md):
    // then "no body" and "a body with its required properties" are the only choices a model has.
    if (flat && (body.required || flatRequired.length === 0)) {
      const flatProps = flat.properties as Record<string, JsonSchema>;
      const bodyRequired = body.required ? flatRequired : [];
      for (const [name, sub] of Object.entries(flatProps)) {
        const encoding = body.encoding !== undefined && Object.hasOwn(body.encoding, name) ? body.encoding[name] : undefined;
        setOwn(properties, name, form && bodyRequired.includes(name) ? nonEmptyFormMember(sub, encoding) : sub);
        setOwn(args, name, { in: 'body', name, required: bodyRequired.includes(name) });
      }
      required.push(...new Set(bodyRequired));
    } else {
      const arg = uniqueName('body', 'requestBody', taken);
      setOwn(properties, arg, withDoc(form ? nonEmptyFormBody(schema, body.encoding) : schema, body.description, false));
      if (body.required) required.push(arg);
      setOwn(args, arg, { in: 'body', name: '', required: body.required });
    }
  }

  const input: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) input.required = required;
  input.additionalProperties = false;
  return { schema: ctx.bundler.bundle(input, 'request', MAX_INPUT_DEFS), arguments: args };
}

/**
 * Values a request cannot carry as given, said in the schema (`minItems`/`minProperties`/
 * `minLength: 1`) so that a model is told before it calls. Only plain inline schemas of one type
 * are tightened; references and compositions stay as written.
 * - A path parameter cannot be empty: an empty array or object expands to nothing, an empty
 *   `simple` string to an empty path segment (which the server refuses to send) or to nothing
 *   inside one (`{sid}.json` → `.json`, a path no route with a parameter there matches).
 * - A required query or header parameter cannot be empty either: an empty array or object is
 *   left out of the request (RFC 6570 §2.3: undefined), and an empty string sends `name=` (or an
 *   empty header), which the Parameter Object forbids for query parameters unless
 *   `allowEmptyValue: true` (its default is false) and which servers read as missing (Prism:
 *   "Request query must have required property").
 */
function nonEmptyValue(schema: JsonSchema, param: Parameter): JsonSchema {
  if (!isSchemaObject(schema) || param.contentType !== undefined) return schema;
  if (param.in === 'cookie' || (param.in !== 'path' && !param.required)) return schema;
  const emptyAllowed = param.in === 'path' ? param.style !== 'simple' : param.allowEmptyValue === true;
  return nonEmptySchema(schema, emptyAllowed);
}

/** The schema (or each inline branch of its `oneOf`/`anyOf`: GitHub's `workflow_id: oneOf [integer, string]`) without empty values. */
function nonEmptySchema(schema: JsonSchemaObject, emptyStringAllowed: boolean): JsonSchemaObject {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || !branches.every(isSchemaObject)) continue;
    return { ...schema, [keyword]: branches.map((b) => nonEmptySchema(b as JsonSchemaObject, emptyStringAllowed)) };
  }
  if (schema.type === 'array' && schema.minItems === undefined) return { ...schema, minItems: 1 };
  if (schema.type === 'object' && schema.minProperties === undefined) return { ...schema, minProperties: 1 };
  if (schema.type !== 'string' || schema.minLength !== undefined || schema.enum !== undefined || schema.const !== undefined) return schema;
  return emptyStringAllowed ? schema : { ...schema, minLength: 1 };
}

/**
 * A required body cannot be `null`, though its schema may say `nullable` (GitHub's gist update):
 * servers read a JSON `null` body as no body (Prism: "Body parameter is required"; Express's JSON
 * parser refuses it), and the generated server refuses to send it. Only a plain type list loses `null`.
 */
function withoutNull(schema: JsonSchema): JsonSchema {
  if (!isSchemaObject(schema) || !Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const types = schema.type.filter((t) => t !== 'null');
  if (types.length === 0) return schema;
  return { ...schema, type: types.length === 1 ? types[0] : types };
}

function resolveForHeader(bundler: SchemaBundler, schema: JsonSchema): JsonSchema | undefined {
  const raw = bundler.resolve(schema);
  return raw === undefined ? undefined : bundler.transform(raw, 'request');
}

/** The body's object schema when its properties can become top-level arguments without a clash. */
function flattenable(bundler: SchemaBundler, schema: JsonSchema, taken: Set<string>): JsonSchemaObject | undefined {
  let target: JsonSchema | undefined = schema;
  if (isSchemaObject(schema) && typeof schema.$ref === 'string' && Object.keys(schema).every((k) => k === '$ref' || k === 'description')) {
    const key = schema.$ref.slice('#/$defs/'.length);
    target = bundler.def(key, 'request');
  }
  if (!isSchemaObject(target) || !isSchemaObject(target.properties)) return undefined;
  const type = target.type;
  if (type !== undefined && type !== 'object') return undefined;
  if (COMPOSITION.some((k) => k in target)) return undefined;
  if (target.additionalProperties !== undefined && target.additionalProperties !== false) return undefined;
  const names = Object.keys(target.properties);
  if (names.length === 0 || names.some((n) => taken.has(n))) return undefined;
  return target;
}

/** One `x-mcp-header` per value, case-insensitively: path parameters win over headers, then by name. */
function annotateHeaders(candidates: { arg: string; param: Parameter; schema: JsonSchemaObject }[], properties: Record<string, JsonSchema>): void {
  const sorted = [...candidates].sort((a, b) => {
    if (a.param.in !== b.param.in) return a.param.in === 'path' ? -1 : 1;
    return a.param.name < b.param.name ? -1 : a.param.name > b.param.name ? 1 : 0;
  });
  const used = new Set<string>();
  for (const c of sorted) {
    const value = c.param.name;
    if (used.has(value.toLowerCase())) continue;
    used.add(value.toLowerCase());
    setOwn(properties, c.arg, { ...c.schema, 'x-mcp-header': value });
  }
}
