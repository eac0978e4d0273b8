// Which spec the server benchmark generates from, and the upstream's answer for the called tool.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { biggestSpecIn } from './specs.mjs';

const GITHUB_SPEC = 'github-rest.3.0.json';
const MSGRAPH_SPEC = 'msgraph-v1.3.0.json';

/** `--msgraph`: `{ label, path, note }` for ../shared/specs/msgraph-v1.3.0.json, or undefined when it is absent. */
export function resolveMsgraphSpec(repoRoot) {
  const shared = path.resolve(repoRoot, '..', 'shared', 'specs', MSGRAPH_SPEC);
  return existsSync(shared) ? { label: 'msgraph', path: shared, note: undefined } : undefined;
}

/** A small fixed JSON answer: measures the fixed cost of a call, not the cost of its size. */
export const SMALL_BODY = '{"id":1296269,"name":"Hello-World","full_name":"octocat/Hello-World","private":false}';

/**
 * `{ label, path, note }`: the given spec, else ../shared/specs/github-rest.3.0.json, else (as
 * `npm run bench` does) the biggest spec in @readme/oas-examples, with a note saying so.
 * Throws an Error with a user-facing message when there is none.
 */
export function resolveServerSpec(repoRoot, given) {
  if (given !== undefined) {
    const full = path.resolve(given);
    if (!existsSync(full)) throw new Error(`spec not found: ${given}`);
    return { label: path.basename(full).replace(/\.(json|ya?ml)$/, ''), path: full, note: undefined };
  }
  const shared = path.resolve(repoRoot, '..', 'shared', 'specs', GITHUB_SPEC);
  if (existsSync(shared)) return { label: 'github', path: shared, note: undefined };
  const examples = path.join(repoRoot, 'node_modules', '@readme', 'oas-examples');
  const fallback = existsSync(examples) ? biggestSpecIn(examples) : undefined;
  if (fallback === undefined) {
    throw new Error(`no spec to benchmark: ${shared} is absent and @readme/oas-examples has no spec; pass --spec <path>`);
  }
  return {
    label: path.basename(fallback).replace(/\.(json|ya?ml)$/, ''),
    path: fallback,
    note: `${shared} is absent; using the biggest spec in @readme/oas-examples: ${path.relative(repoRoot, fallback)} (numbers are not comparable with GitHub runs)`,
  };
}

/** Follows local `$ref`s ("#/a/b") in `doc`; anything else is returned as it is. */
function deref(doc, node) {
  let current = node;
  for (let hops = 0; hops < 20 && current !== null && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at, key) => (at !== null && typeof at === 'object' ? at[key] : undefined), doc);
  }
  return current;
}

/**
 * The JSON text of the spec's own example for an operation's success response (OpenAPI 3
 * `example` / first `examples` entry / schema `example`, Swagger 2 `examples`), or undefined.
 * JSON specs only: a YAML spec gets the small body.
 */
export function exampleResponse(specPath, binding) {
  if (!specPath.endsWith('.json')) return undefined;
  const doc = JSON.parse(readFileSync(specPath, 'utf8'));
  const operation = deref(doc, doc.paths?.[binding.path])?.[binding.method.toLowerCase()];
  const status = binding.output?.status ?? '200';
  const response = deref(doc, operation?.responses?.[status]);
  if (response === undefined || response === null) return undefined;
  const mediaType = binding.output?.mediaType ?? 'application/json';
  let value;
  const media = response.content?.[mediaType];
  if (media !== undefined) {
    const first = media.examples === undefined ? undefined : Object.values(media.examples)[0];
    value = media.example ?? deref(doc, first)?.value ?? deref(doc, media.schema)?.example;
  } else {
    value = response.examples?.[mediaType];
  }
  return value === undefined ? undefined : JSON.stringify(value);
}

function allowsNull(schema) {
  return schema.nullable === true || schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/** A small value for a required property the example lacks: null where allowed, else by type. */
function filler(schema, root) {
  const s = deref(root, schema);
  if (s === undefined || s === null || typeof s !== 'object') return null;
  if (allowsNull(s)) return null;
  if (s.enum !== undefined) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string') return 'x';
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  return completeExample({}, s, root, false);
}

/**
 * `value` made to fit `schema` the way the spec's examples usually miss it: required properties
 * that are absent get a filler (null where allowed). With `prune`, objects keep only their
 * required properties and arrays without `minItems` become empty, for a small body. Parts under
 * allOf/anyOf/oneOf or without `properties` are kept whole. Local `$ref`s resolve against `root`
 * (the tool's outputSchema with its $defs).
 */
export function completeExample(value, schema, root = schema, prune = false) {
  const s = deref(root, schema);
  if (s === undefined || s === null || typeof s !== 'object') return value;
  if (Array.isArray(value)) {
    if (prune && !(s.minItems > 0)) return [];
    return value.map((item) => completeExample(item, s.items, root, prune));
  }
  if (value === null || typeof value !== 'object' || s.properties === undefined || s.allOf || s.anyOf || s.oneOf) return value;
  const out = {};
  const required = new Set(s.required ?? []);
  for (const [key, item] of Object.entries(value)) {
    if (!prune || required.has(key)) out[key] = completeExample(item, s.properties[key], root, prune);
  }
  for (const key of required) if (!(key in out)) out[key] = filler(s.properties[key], root);
  return out;
}
