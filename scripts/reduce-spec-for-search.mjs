#!/usr/bin/env node
// Writes a spec cut down to what tool search indexes (test/fixtures/search/*.json.gz):
//   node scripts/reduce-spec-for-search.mjs <spec.json> <out.json.gz>
// Kept per operation: operationId, summary, description, tags, parameters (name, in, required,
// a string schema with its enum's string values) and the request body's top-level property names
// (with theirs); the root tags with their descriptions; info and servers. Other schemas are
// dropped, so the fixture stays small while the real pipeline (load → normalize → map → search
// index) still runs on it.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const [input, output] = process.argv.slice(2);
const doc = JSON.parse(readFileSync(input, 'utf8'));
const deref = (node) => {
  let n = node;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 10; i++) n = n.$ref.slice(2).split('/').reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return n ?? {};
};
// A string schema, with the string values of the original's enum: search indexes short ones.
const stringSchema = (raw) => {
  const values = (Array.isArray(deref(raw).enum) ? deref(raw).enum : []).filter((v) => typeof v === 'string');
  return values.length > 0 ? { type: 'string', enum: values } : { type: 'string' };
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const paths = {};
for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
  const item = deref(rawItem);
  const shared = (item.parameters ?? []).map(deref);
  const out = {};
  for (const method of METHODS) {
    const op = item[method] && deref(item[method]);
    if (!op) continue;
    const params = new Map();
    for (const p of [...shared, ...(op.parameters ?? []).map(deref)]) if (p.name && p.in) params.set(`${p.in}:${p.name}`, { name: p.name, in: p.in, required: p.in === 'path' || p.required === true, schema: stringSchema(p.schema) });
    const reduced = { responses: { 200: { description: 'OK' } } };
    for (const key of ['operationId', 'summary', 'description', 'tags', 'deprecated']) if (op[key] !== undefined) reduced[key] = op[key];
    if (params.size > 0) reduced.parameters = [...params.values()];
    const body = op.requestBody && deref(op.requestBody);
    const media = body?.content && (body.content['application/json'] ?? body.content['application/x-www-form-urlencoded'] ?? Object.values(body.content)[0]);
    const props = media?.schema && deref(media.schema).properties;
    if (props) reduced.requestBody = { content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, stringSchema(v)])) } } } };
    out[method] = reduced;
  }
  if (Object.keys(out).length > 0) paths[path] = out;
}
const reduced = { openapi: '3.0.3', info: { title: doc.info?.title ?? 'API', version: doc.info?.version ?? '1' }, servers: doc.servers ?? [{ url: 'https://example.test' }], paths };
if (Array.isArray(doc.tags)) reduced.tags = doc.tags.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) }));
writeFileSync(output, gzipSync(JSON.stringify(reduced), { level: 9 }));
console.log(`${output}: ${Object.keys(paths).length} paths`);
