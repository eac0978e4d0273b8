import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSpec } from '../../src/map-spec.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import type { HttpBinding } from '../../src/model/tool-model.js';
import { startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startPrism, type RunningPrism } from '../support/prism.js';
import { buildQuickly, credentialEnv, headerProblem, pinDiscriminators, queryArrayProblem, rejected, repeatMultipartArrays, sampleArguments, startProxy, type Exchange } from '../support/prism-requests.js';

/**
 * Every request a valid call produces is one the spec allows. For each spec below: generate the
 * package, mock the spec with Prism 5.14.2 `--errors` (request validation on) behind a recording
 * proxy, sample arguments for every tool from its `inputSchema` (seeded: with every optional
 * argument, with all but the first optional one, with only the required ones), call each tool through the official client, and
 * fail on any request Prism rejects, any call that never reaches it, and any query array sent
 * against its style/explode (Prism cannot tell `a=x&a=y` from `a=x,y`). Known Prism limits are
 * worked around in the test's copy of a spec (`patch`), each with what it is and how it was checked.
 */
const OAS = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));

interface SpecCase {
  name: string;
  spec: string;
  /**
   * Changes to Prism's copy of the spec, each for a Prism limit (the package is generated from
   * the spec as it is). Operations removed here are not called.
   */
  patch?: (doc: any) => void;
  /** Tools not called, each with the reason (asserted to exist, so the list cannot go stale). */
  skip?: Record<string, string>;
  /** Arguments written by hand where json-schema-faker finds no valid sample (the server still validates them). */
  examples?: Record<string, Record<string, unknown>>;
}

const CASES: SpecCase[] = [
  { name: 'requests', spec: 'test/fixtures/specs/requests.3.0.yaml', patch: pinDiscriminators },
  { name: 'bodies', spec: 'test/fixtures/specs/bodies.3.0.yaml' },
  { name: 'locations', spec: 'test/fixtures/specs/locations.3.1.yaml' },
  { name: 'petstore-v2', spec: 'test/fixtures/specs/petstore.2.0.yaml' },
  { name: 'empty-values', spec: 'test/fixtures/specs/empty-values.3.0.yaml' },
  {
    name: 'recursion',
    spec: 'test/fixtures/specs/recursion.3.0.json',
    patch(doc) {
      // The fixture's deliberately dangling $refs (the generator warns and goes on): Prism refuses
      // to load the whole document ("MissingPointerError ... #/components/parameters/Missing").
      delete doc.paths['/broken'];
      // Deliberately wrong too: declares path parameter `other`, which "/things/{thingId}" lacks.
      // The generator drops it and sends {thingId} (with warnings); Prism requires `other` in the
      // path, which no request can satisfy.
      delete doc.paths['/things/{thingId}'];
    },
  },
  { name: 'shop', spec: 'test/fixtures/e2e/shop.3.0.yaml' },
  {
    name: 'oas-parameters-style',
    spec: join(OAS, '3.0/yaml/parameters-style.yaml'),
    patch(doc) {
      // Prism crashes (the process exits: "Cannot read properties of undefined (reading 'split')"
      // in its simple-style deserializer) on a request without an optional array or object
      // header. Prism's copy drops those header parameters; the test checks them itself.
      for (const item of Object.values<any>(doc.paths)) for (const op of Object.values<any>(item)) {
        if (Array.isArray(op.parameters)) op.parameters = op.parameters.filter((p: any) => !(p.in === 'header' && (p.schema?.type === 'array' || p.schema?.type === 'object')));
      }
      // Prism crashes ("Space/pipe/comma.. delimited style is only applicable to array
      // parameter") on a query object with a delimited style, which OpenAPI's style table gives
      // (`R|100|G|200`). Prism's copy drops those parameters.
      for (const item of Object.values<any>(doc.paths)) for (const op of Object.values<any>(item)) {
        if (Array.isArray(op.parameters)) op.parameters = op.parameters.filter((p: any) => !(/Delimited$/.test(p.style ?? '') && p.schema?.type === 'object'));
      }
      repeatMultipartArrays(doc);
      // Prism does not parse a JSON part, even with `contentType: application/json` spelled out
      // ("must be object"; the raw part is {"foo":…,"bar":…}, OpenAPI's default for an object
      // part): Prism's copy takes that part as text.
      doc.paths['/anything/form-data'].post.requestBody.content['multipart/form-data'].schema.properties.object = { type: 'string' };
      // Style `form`, explode false in a multipart part (OpenAPI 3.0.4/3.1.1 Encoding Object):
      // Prism rejects the delimiter itself ("Reserved characters used in request body" for
      // `x,y`). Prism's copy allows reserved characters in those parts.
      for (const e of Object.values<any>(doc.paths['/anything/form-data/form'].post.requestBody.content['multipart/form-data'].encoding)) e.allowReserved = true;
    },
    skip: {
      // Prism crashes (the process exits: "Space/pipe/comma.. delimited style is only applicable
      // to array parameter") on these operations' object parts with a delimited style.
      form_data_pipeDelimited_nonExploded: 'Prism crashes on a pipeDelimited object part',
      formData_spaceDelimited_nonExploded: 'Prism crashes on a spaceDelimited object part',
      // Prism crashes on path arrays with several items, in every style ("value.split is not a
      // function" for `/simple/x/a,b/…`, "parameters[name].startsWith is not a function" for
      // `/label/.x/.a,b/…`), paths OpenAPI's style table gives; every operation here has one.
      // test/runtime/serialize-parameter.test.ts covers the path styles.
      ...Object.fromEntries(['standard', 'simple_nonExploded', 'simple_exploded', 'label_nonExploded', 'label_exploded', 'matrix_nonExploded', 'matrix_exploded'].map((s) => [`paths_${s}`, 'Prism crashes on path arrays'])),
    },
  },
  { name: 'oas-security', spec: join(OAS, '3.0/yaml/security.yaml') },
  {
    name: 'oas-discriminators',
    spec: join(OAS, '3.0/yaml/discriminators.yaml'),
    patch: pinDiscriminators,
    skip: {
      // `config: oneOf: [object1, object2, …]` where object1 ({a, b}) and object2 ({c, d}) have no
      // required properties and allow any others: every object matches both, so no value
      // satisfies the spec's oneOf (Prism rejects them all; the tool advertises the same oneOf).
      'patch_nested-one-of-object-with-nested-one-of': 'unsatisfiable oneOf in the spec',
    },
    examples: {
      // Properties next to a oneOf whose branches the discriminator `discrimValue` picks: the
      // faker's samples break the oneOf; a model's (and this) value picks OptionOneNoDisc.
      'patch_mapping-with-duplicate-schemas': { body: { discrimValue: 'oneB', discrim: 'one', optionone: 1 } },
    },
  },
  { name: 'oas-schema-visibility', spec: join(OAS, '3.0/yaml/schema-visibility.yaml') },
  { name: 'oas-file-uploads', spec: join(OAS, '3.0/yaml/file-uploads.yaml'), patch: repeatMultipartArrays },
  { name: 'oas-train-travel', spec: join(OAS, '3.1/yaml/train-travel.yaml') },
];

interface Running {
  prism: RunningPrism;
  proxy: Awaited<ReturnType<typeof startProxy>>;
  server: RunningServer;
  client: Client;
  tools: Tool[];
  bindings: Map<string, HttpBinding>;
  /** False for an operation `patch` removed from Prism's copy. */
  served: (binding: HttpBinding) => boolean;
}

// `--confirm none`: this client cannot answer the confirmation a destructive call asks for;
// what is checked here is the request such a call sends.
const root = mkdtempSync(join(tmpdir(), 'openapi-mcp-prism-requests-'));
const running = new Map<string, Running>();
/** How to stop everything started so far, newest last: afterAll runs them even when a start failed half-way. */
const closers: (() => Promise<unknown>)[] = [];
function closing<T extends { close(): Promise<unknown> }>(thing: T): T {
  closers.push(() => thing.close());
  return thing;
}

async function start(c: SpecCase): Promise<void> {
  const text = readFileSync(c.spec, 'utf8');
  const doc = c.spec.endsWith('.json') ? JSON.parse(text) : parse(text);
  c.patch?.(doc);
  const copy = join(root, `${c.name}.json`);
  writeFileSync(copy, JSON.stringify(doc, null, 2));
  const dir = join(root, `${c.name}-mcp`);
  const [started, built] = await Promise.allSettled([startPrism(copy, ['--errors']).then(closing), buildQuickly(c.spec, dir, `${c.name}-mcp`)]);
  if (started.status === 'rejected') throw started.reason;
  if (built.status === 'rejected') throw built.reason;
  const prism = started.value;
  const proxy = closing(await startProxy(prism.url));
  const server = closing(await startHttpServer(dir, ['--base-url', proxy.url, '--confirm', 'none'], { ...process.env, ...credentialEnv(dir) }));
  const client = closing(new Client({ name: 'prism-requests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } }));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const tools = (await client.listTools()).tools;
  const mapped = await mapSpec(c.spec);
  const bindings = new Map(mapped.tools.tools.map((t) => [t.definition.name, t.binding as HttpBinding]));
  const served = (b: HttpBinding) => doc.paths?.[b.path]?.[b.method.toLowerCase()] !== undefined;
  running.set(c.name, { prism, proxy, server, client, tools, bindings, served });
}

beforeAll(async () => {
  // Two at a time: the CI machine has two cores.
  const queue = [...CASES];
  await Promise.all([0, 1].map(async () => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) await start(c);
  }));
}, 180_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

type Result = { isError?: boolean; content: { type: string; text?: string }[] };

function describeExchange(e: Exchange): string {
  const body = e.request.body.length > 0 ? `\n    body: ${e.request.body.toString('utf8').slice(0, 1000)}` : '';
  const violations = e.headers['sl-violations'] !== undefined ? ` sl-violations: ${String(e.headers['sl-violations']).slice(0, 300)}` : '';
  return `${e.request.method} ${e.request.url}${body}\n    → ${e.status} ${e.answer.slice(0, 1500)}${violations}`;
}

/** Calls every tool of one spec (three times, see below) and lists what went wrong. */
async function problemsOf(name: string): Promise<string[]> {
  const r = running.get(name)!;
  const problems: string[] = [];
  let seed = 1;
  const skip = CASES.find((c) => c.name === name)!.skip ?? {};
  for (const skipped of Object.keys(skip)) if (!r.tools.some((t) => t.name === skipped)) problems.push(`skip names no tool: ${skipped}`);
  for (const tool of r.tools) {
    if (Object.hasOwn(skip, tool.name) || !r.served(r.bindings.get(tool.name)!)) continue;
    // All arguments; all but the first optional one (a partial call, as a model makes: it shows
    // an optional body flattened into separate arguments); only the required ones.
    const required = new Set((tool.inputSchema.required ?? []) as string[]);
    const firstOptional = Object.keys(tool.inputSchema.properties ?? {}).find((p) => !required.has(p));
    for (const mode of ['all', 'all but one', 'required'] as const) {
      if (mode === 'all but one' && firstOptional === undefined) continue;
      const what = `${tool.name} (${mode === 'all' ? 'all arguments' : mode === 'required' ? 'required only' : `all but ${firstOptional}`})`;
      let args: Record<string, unknown>;
      const example = CASES.find((c) => c.name === name)!.examples?.[tool.name];
      try {
        args = example ?? (await sampleArguments(tool.inputSchema as JsonSchemaObject, seed++ * 1000, mode !== 'required'));
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`);
        continue;
      }
      if (mode === 'all but one') delete args[firstOptional!];
      const before = r.proxy.exchanges.length;
      const result = (await r.client.callTool({ name: tool.name, arguments: args }, { toolDefinition: tool })) as Result;
      const sent = r.proxy.exchanges.slice(before);
      const detail = `\n  arguments: ${JSON.stringify(args).slice(0, 400)}`;
      if (sent.length === 0) {
        const text = result.content.map((c) => c.text).join(' ');
        problems.push(`${what}: no request reached Prism: ${text.slice(0, 300)}${detail}`);
        if (/socket hang up|ECONNREFUSED/.test(text)) {
          problems.push(`Prism stopped; its log ends:\n${r.prism.log().slice(-2000)}`);
          return problems;
        }
        continue;
      }
      for (const e of sent) if (rejected(e)) problems.push(`${what}: Prism rejected the request\n  ${describeExchange(e)}${detail}`);
      const binding = r.bindings.get(tool.name)!;
      for (const [arg, value] of Object.entries(args)) {
        const problem = binding.arguments[arg] && (queryArrayProblem(sent[0]!.request.url, arg, binding.arguments[arg]!, value) ?? headerProblem(sent[0]!.request.headers, arg, binding.arguments[arg]!, value));
        if (problem) problems.push(`${what}: ${problem}`);
      }
    }
  }
  return problems;
}

describe('every request a valid tool call sends passes Prism --errors', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const r = running.get(c.name)!;
      expect(r.tools.length).toBeGreaterThan(0);
      expect(await problemsOf(c.name)).toEqual([]);
    });
  }
});
