#!/usr/bin/env node
// `node bench/client-types.mjs [--spec file]... [--runs N]`: how long the typed client's argument
// and result types take to emit (src/emit/client-types.ts), against json-schema-to-typescript given
// the same job with every trick it allows (each shared definition compiled once, definitions
// referenced through `tsType`, identical tool schemas compiled once, `format: false`, no banner).
// Needs dist/ (npm run build). Default specs: ../shared/specs (GitHub, msgraph), else the biggest
// @readme/oas-examples spec. It measures; it is not a test.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSpecs } from './lib/specs.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const requested = [];
let runs = 3;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--spec') requested.push(args[++i]);
  else if (args[i] === '--runs') runs = Number(args[++i]);
  else {
    process.stderr.write('usage: node bench/client-types.mjs [--spec file]... [--runs N]\n');
    process.exit(1);
  }
}

const { mapSpec } = await import(path.join(repoRoot, 'dist/map-spec.js'));
const { emitClientTypes } = await import(path.join(repoRoot, 'dist/emit/client-types.js'));
const { clientMethodNames } = await import(path.join(repoRoot, 'dist/emit/client-files.js'));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The same job for json-schema-to-typescript: one compile per distinct definition and tool schema. */
async function withJsonSchemaToTypescript(compile, tools) {
  const names = new Map();
  const jobs = [];
  const pascal = (s) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('') || 'T';
  const clean = (s, defs) => {
    if (Array.isArray(s)) return s.map((x) => clean(x, defs));
    if (s === null || typeof s !== 'object') return s;
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#/$defs/')) return { tsType: names.get(defs[s.$ref.slice(8)]) ?? 'unknown' };
    const out = {};
    for (const [k, v] of Object.entries(s)) {
      if (['$defs', 'title', 'tsType', 'examples', 'example', 'default', '$id', 'id'].includes(k)) continue;
      out[k] = k === 'enum' || k === 'const' ? v : k === 'properties' ? Object.fromEntries(Object.entries(v).map(([p, q]) => [p, clean(q, defs)])) : clean(v, defs);
    }
    return out;
  };
  for (const t of tools) {
    for (const schema of [t.definition.inputSchema, t.definition.outputSchema]) {
      for (const [key, def] of Object.entries(schema?.$defs ?? {})) {
        if (names.has(def)) continue;
        names.set(def, `${pascal(key)}${names.size}`);
        jobs.push([def, schema.$defs]);
      }
    }
  }
  const seen = new Set();
  const compiled = jobs.map(([def, defs]) => [clean(def, defs), names.get(def)]);
  tools.forEach((t, i) => {
    for (const [schema, suffix] of [[t.definition.inputSchema, 'Args'], [t.definition.outputSchema, 'Result']]) {
      if (schema === undefined) continue;
      const cleaned = clean(schema, schema.$defs ?? {});
      const key = JSON.stringify(cleaned);
      if (!seen.has(key)) {
        seen.add(key);
        compiled.push([cleaned, `Tool${i}${suffix}`]);
      }
    }
  });
  const options = { bannerComment: '', format: false, additionalProperties: false, ignoreMinAndMaxItems: true, declareExternallyReferenced: false };
  let bytes = 0;
  for (const [schema, name] of compiled) bytes += (await compile(schema, name, options)).length;
  return { compiles: compiled.length, bytes };
}

const { specs, notes } = resolveSpecs(repoRoot, requested);
for (const note of notes) process.stderr.write(`${note}\n`);
const t0 = performance.now();
const { compile } = await import('json-schema-to-typescript');
const importMs = performance.now() - t0;
console.log(`json-schema-to-typescript import: ${importMs.toFixed(0)} ms\n`);
console.log('| spec | tools | ours ms (median) | output MB | json-schema-to-typescript ms | compiles |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const spec of specs) {
  const { tools } = (await mapSpec(spec.path)).tools;
  const methods = clientMethodNames(tools);
  const ours = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const { files } = emitClientTypes(tools, methods);
    ours.push(performance.now() - t);
    bytes = files.reduce((n, f) => n + f.contents.length, 0);
  }
  const t = performance.now();
  const peer = await withJsonSchemaToTypescript(compile, tools);
  const peerMs = performance.now() - t;
  console.log(`| ${spec.label} | ${tools.length} | ${median(ours).toFixed(0)} | ${(bytes / 1e6).toFixed(1)} | ${peerMs.toFixed(0)} | ${peer.compiles} |`);
}
