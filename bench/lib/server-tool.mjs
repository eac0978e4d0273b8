// The tool the per-call benchmark calls: which one, its arguments, the Mcp-Param-* headers a
// 2026-07-28 client mirrors, and the equivalent direct upstream request. Pure.

/** Tools called when present, first one found wins: GitHub's `GET /repos/{owner}/{repo}`, Microsoft Graph's `GET /users/{user-id}`. */
export const PREFERRED_TOOLS = Object.freeze(['repos_get', 'users_user_GetUser']);

/** Argument values that read naturally for GitHub-like APIs; anything else gets a sample value. */
const PRESET_VALUES = Object.freeze({ owner: 'octocat', repo: 'Hello-World', 'user-id': 'adele@contoso.com' });

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

function localRef(root, schema) {
  let current = schema;
  for (let hops = 0; hops < 20 && current?.$ref !== undefined; hops++) {
    const ref = String(current.$ref);
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce((at, key) => (at !== null && typeof at === 'object' ? at[key] : undefined), root);
  }
  return current;
}

function typeOf(schema) {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  return typeof type === 'string' ? type : undefined;
}

const FORMAT_SAMPLES = Object.freeze({
  uuid: '00000000-0000-4000-8000-000000000000',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  email: 'bench@example.com',
  uri: 'https://example.com/',
});

/** A value the schema accepts (enum, examples, default, else by type and format); undefined if not scalar. */
export function sampleValue(schema) {
  const type = typeOf(schema);
  if (type === undefined || !SCALAR_TYPES.has(type)) return undefined;
  const given = schema.enum?.[0] ?? schema.examples?.[0] ?? schema.example ?? schema.default;
  if (given !== undefined && given !== null && typeof given !== 'object') return given;
  if (type === 'string') return FORMAT_SAMPLES[schema.format] ?? 'bench';
  if (type === 'boolean') return true;
  return typeof schema.minimum === 'number' ? Math.max(1, Math.ceil(schema.minimum)) : 1;
}

/** The required arguments of a tool, or undefined when one of them is not a simple scalar. */
export function argumentsFor(definition) {
  const schema = definition.inputSchema ?? {};
  const args = {};
  for (const name of schema.required ?? []) {
    const property = localRef(schema, schema.properties?.[name]);
    const preset = PRESET_VALUES[name];
    const value = preset !== undefined && typeOf(property) === 'string' ? preset : sampleValue(property);
    if (value === undefined) return undefined;
    args[name] = value;
  }
  return args;
}

function callable(entry) {
  const { binding } = entry;
  const anonymous = binding.security.length === 0 || binding.security.some((alt) => Object.keys(alt).length === 0);
  return (
    binding.method === 'GET' &&
    binding.body === undefined &&
    anonymous &&
    /json/.test(binding.output?.mediaType ?? '') &&
    Object.values(binding.arguments).every((arg) => !arg.required || arg.in === 'path' || arg.in === 'query') &&
    argumentsFor(entry.definition) !== undefined
  );
}

/**
 * The tool entry to call: `wanted` when given (an Error if absent), else the first of {@link PREFERRED_TOOLS},
 * else the first anonymous GET tool with a JSON answer whose required arguments are scalars.
 */
export function chooseTool(entries, wanted) {
  if (wanted !== undefined) {
    const entry = entries.find((e) => e.definition.name === wanted);
    if (entry === undefined) throw new Error(`--tool ${wanted}: no such tool in the generated server`);
    if (argumentsFor(entry.definition) === undefined) throw new Error(`--tool ${wanted}: cannot make up its required arguments`);
    return entry;
  }
  for (const name of PREFERRED_TOOLS) {
    const preferred = entries.find((e) => e.definition.name === name);
    if (preferred !== undefined) return preferred;
  }
  const entry = entries.find(callable);
  if (entry === undefined) throw new Error('no tool to call: no anonymous GET tool with scalar required arguments (use --tool)');
  return entry;
}

/** SEP-2243 value encoding: base64 sentinel for non-ASCII, controls, edge whitespace or the sentinel itself. */
export function encodeMcpParam(value) {
  const text = String(value);
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(text) && !text.startsWith('=?base64?');
  return plain ? text : `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** `{ 'mcp-param-<x-mcp-header>': value }` for every annotated top-level argument present in `args`. */
export function mcpParamHeaders(definition, args) {
  const headers = {};
  for (const [name, property] of Object.entries(definition.inputSchema?.properties ?? {})) {
    const header = property?.['x-mcp-header'];
    const value = args[name];
    if (typeof header !== 'string' || value === undefined || value === null || typeof value === 'object') continue;
    headers[`mcp-param-${header.toLowerCase()}`] = encodeMcpParam(value);
  }
  return headers;
}

/** The upstream URL the tool call should produce, for the direct request: `base` + path + query. */
export function directUrl(base, binding, args) {
  let pathname = binding.path;
  const query = [];
  for (const [name, value] of Object.entries(args)) {
    const arg = binding.arguments[name];
    const encoded = encodeURIComponent(String(value));
    if (arg?.in === 'path') pathname = pathname.split(`{${arg.name}}`).join(encoded);
    else if (arg?.in === 'query') query.push(`${encodeURIComponent(arg.name)}=${encoded}`);
  }
  return `${base.replace(/\/+$/, '')}${pathname}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}
