/**
 * Pieces of the request-validation test (test/e2e/prism-requests.e2e.test.ts): a quick package
 * build that reuses this repository's node_modules, a recording proxy in front of Prism, the
 * environment a generated server needs for every credential, seeded argument sampling from an
 * `inputSchema`, and the query array checks Prism cannot make itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { generate } from 'json-schema-faker';
import { isSchemaObject, type JsonSchema, type JsonSchemaObject } from '../../src/model/json-schema.js';
import type { ArgumentBinding } from '../../src/model/tool-model.js';
import { startUpstream, type RecordedRequest, type RecordingUpstream } from './recording-upstream.js';
import { runCli } from './run-cli.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

function exec(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

/**
 * `openapi-mcp generate` as a user runs it, then the package's own tsconfig compiled with this
 * repository's TypeScript and SDK (the exact versions the package pins) instead of `npm install`.
 * Emit only (`--noCheck`): other tests type-check generated packages; this one is about requests.
 */
export async function buildQuickly(spec: string, dir: string, name: string): Promise<void> {
  const gen = runCli(['generate', spec, '--out', dir, '--name', name]);
  if (gen.code !== 0) throw new Error(`generate ${spec} failed:\n${gen.stderr}`);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await exec(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noCheck'], dir);
}

/** Every credential variable the package's `.env.example` lists, with a made-up value; no OAuth client (no token server here). */
export function credentialEnv(dir: string): Record<string, string> {
  const env: Record<string, string> = {};
  let comment = '';
  for (const line of readFileSync(join(dir, '.env.example'), 'utf8').split('\n')) {
    if (line.startsWith('#')) comment = line;
    const name = /^([A-Z0-9_]+)=$/.exec(line)?.[1];
    // Only credentials: the variables documented as belonging to a security scheme.
    if (name === undefined || !comment.includes('security scheme') || /_(CLIENT_ID|CLIENT_SECRET)$/.test(name)) continue;
    env[name] = name.endsWith('_USERNAME') ? 'user' : name.endsWith('_PASSWORD') ? 'pass' : 'test-credential';
  }
  return env;
}

/** What the proxy saw for one request: as sent by the generated server, and Prism's verdict. */
export interface Exchange {
  request: RecordedRequest;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  answer: string;
}

/**
 * Prism refused the request (rather than mocking an error response the spec defines, as for an
 * operation whose only response is 401): its own problem document (`--errors`), a violations
 * header, or its security challenge.
 */
export function rejected(e: Exchange): boolean {
  if (e.status < 400) return false;
  return e.answer.includes('stoplight.io/prism/errors') || e.headers['sl-violations'] !== undefined || e.headers['www-authenticate'] !== undefined;
}

/** A recording proxy: forwards each request byte for byte (same request line, headers, body) to `target`. */
export async function startProxy(target: string): Promise<RecordingUpstream & { exchanges: Exchange[] }> {
  const { hostname, port } = new URL(target);
  const exchanges: Exchange[] = [];
  const upstream = await startUpstream(
    (req, res) =>
      new Promise<void>((resolve, reject) => {
        const forward = request({ host: hostname, port, method: req.method, path: req.url, headers: { ...req.headers, host: `${hostname}:${port}` } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            exchanges.push({ request: req, status: answer.statusCode ?? 0, headers: answer.headers, answer: body.toString('utf8') });
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(body);
            resolve();
          });
        });
        forward.once('error', reject);
        forward.end(req.body);
      }),
  );
  return Object.assign(upstream, { exchanges });
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** Binary arguments are base64 text; the faker knows nothing of `contentEncoding`. */
function forSampling(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(forSampling) as unknown as JsonSchema;
  if (!isSchemaObject(schema)) return schema;
  if (schema.contentEncoding === 'base64') return { ...schema, contentEncoding: undefined, pattern: undefined, const: 'aGVsbG8=' } as JsonSchemaObject;
  const out: JsonSchemaObject = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'enum' || k === 'const' || k === 'examples' || k === 'default' ? v : typeof v === 'object' && v !== null ? forSampling(v as JsonSchema) : v;
  return out;
}

/**
 * Arguments valid for `inputSchema`, from json-schema-faker with a fixed seed (the next seeds if a
 * sample fails Ajv). `full`: every optional property; else only the required ones.
 */
export async function sampleArguments(inputSchema: JsonSchemaObject, seed: number, full: boolean): Promise<Record<string, unknown>> {
  const schema = forSampling(inputSchema) as JsonSchemaObject;
  const validate = ajv.compile(inputSchema);
  let lastErrors = '';
  for (let attempt = 0; attempt < 25; attempt++) {
    // Past the first tries, "all optionals" relaxes to "most": forced optional recursion
    // (`parent: Pet`) ends in a value the faker cannot make valid.
    const every = full && attempt < 5;
    const value = await generate(schema, {
      seed: seed + attempt,
      alwaysFakeOptionals: every,
      optionalsProbability: every ? 1 : full ? 0.7 : 0,
      fixedProbabilities: true,
      maxDefaultItems: 2,
      refDepthMax: 2,
      // Spec examples can break their own schema (train-travel's `trip_id` example is no uuid).
      useExamplesValue: false,
      useDefaultValue: true,
    } as Parameters<typeof generate>[1]);
    if (validate(value)) return value as Record<string, unknown>;
    lastErrors = ajv.errorsText(validate.errors);
  }
  throw new Error(`no valid sample in 25 seeds: ${lastErrors}`);
}

/**
 * OpenAPI 3 §4.8.12.4 (style values), for query arrays: Prism accepts `a=x&a=y` and `a=x,y` alike
 * for string items, so the test checks the raw query itself. Returns a problem, or undefined.
 */
export function queryArrayProblem(rawUrl: string, arg: string, binding: ArgumentBinding, value: unknown): string | undefined {
  if (binding.in !== 'query' || !Array.isArray(value) || value.length === 0 || binding.contentType !== undefined) return undefined;
  if (!value.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return undefined;
  const items = value.map(String);
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  const pairs = query.split('&').filter((p) => p !== '').map((p) => {
    const eq = p.indexOf('=');
    return eq < 0 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
  });
  const raw = pairs.filter(([k]) => decodeURIComponent(k!) === binding.name).map(([, v]) => v!);
  const style = binding.style ?? 'form';
  const explode = binding.explode ?? style === 'form';
  const want = `${binding.name}: style ${style}, explode ${explode}, items ${JSON.stringify(items)}`;
  if (style === 'form' && explode) {
    const got = raw.map((v) => decodeURIComponent(v));
    return JSON.stringify(got) === JSON.stringify(items) ? undefined : `argument ${arg} (${want}) sent as ${JSON.stringify(raw)}`;
  }
  // The delimiter as OpenAPI 3.1.2 Appendix E sends it: `,` as is, space, `|` and tab percent-encoded.
  const delimiter = ({ form: [',', ','], spaceDelimited: [' ', '%20'], pipeDelimited: ['|', '%7C'], tabDelimited: ['\t', '%09'] } as Record<string, [string, string]>)[style];
  if (delimiter === undefined) return undefined;
  if (raw.length !== 1) return `argument ${arg} (${want}) sent as ${raw.length} pairs ${JSON.stringify(raw)}`;
  // An item holding the delimiter itself cannot be told apart (the spec's own ambiguity): compare the joined text.
  if (items.some((i) => i.includes(delimiter[0]))) {
    return decodeURIComponent(raw[0]!) === items.join(delimiter[0]) ? undefined : `argument ${arg} (${want}) sent as ${JSON.stringify(raw[0])}`;
  }
  const parts = raw[0]!.split(new RegExp(delimiter[1].replace('|', '\\|'), 'i')).map((v) => decodeURIComponent(v));
  return JSON.stringify(parts) === JSON.stringify(items) ? undefined : `argument ${arg} (${want}) sent as ${JSON.stringify(raw[0])}`;
}

/**
 * Prism limit: it validates `oneOf`/`anyOf` as plain JSON Schema and ignores `discriminator`, so a
 * body whose discriminator value picks one branch is rejected whenever another branch accepts
 * it too. For Prism's copy, each `$ref` branch is narrowed to its discriminator value(s) (from
 * `mapping`, else the schema's name; the discriminator on the holder or on a base the branches
 * extend through `allOf`), which is what OpenAPI 3 §4.8.25 says the discriminator means.
 */
export function pinDiscriminators(doc: any): void {
  const schemas = doc.components?.schemas ?? {};
  const target = (ref: string) => schemas[decodeURIComponent(ref.replace('#/components/schemas/', ''))];
  const inherited = (members: any[]) => {
    for (const m of members) for (const base of target(m.$ref)?.allOf ?? []) if (base.$ref && target(base.$ref)?.discriminator) return target(base.$ref).discriminator;
    return undefined;
  };
  const seen = new Set<unknown>();
  const walk = (node: any): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const keyword of ['oneOf', 'anyOf']) {
      const members = node[keyword];
      if (!Array.isArray(members) || !members.every((m) => typeof m?.$ref === 'string')) continue;
      const d = node.discriminator ?? inherited(members);
      if (typeof d?.propertyName !== 'string') continue;
      node[keyword] = members.map((m) => {
        const mapped = Object.entries(d.mapping ?? {}).filter(([, t]) => (String(t).includes('/') ? t : `#/components/schemas/${t}`) === m.$ref).map(([v]) => v);
        const values = mapped.length > 0 ? mapped : [decodeURIComponent(m.$ref.split('/').at(-1)!)];
        return { allOf: [m, { properties: { [d.propertyName]: { enum: values } } }] };
      });
    }
    for (const v of Object.values(node)) walk(v);
  };
  walk(doc.paths);
  walk(schemas);
}

/**
 * OpenAPI 3 style `simple` for an array or object header (the headers Prism's copy has to drop):
 * `x,y`; `k,v,k,v`, or `k=v,k=v` exploded. Returns a problem, or undefined.
 */
export function headerProblem(headers: Record<string, string | string[] | undefined>, arg: string, binding: ArgumentBinding, value: unknown): string | undefined {
  if (binding.in !== 'header' || typeof value !== 'object' || value === null || binding.contentType !== undefined) return undefined;
  const entries = Array.isArray(value) ? undefined : Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
  const items = Array.isArray(value) ? value.map(String) : binding.explode ? entries!.map(([k, v]) => `${k}=${String(v)}`) : entries!.flatMap(([k, v]) => [k, String(v)]);
  if (items.length === 0 || items.some((i) => /[^\x20-\x7e]/.test(i))) return undefined;
  const got = headers[binding.name.toLowerCase()];
  const want = items.join(',');
  return got === want ? undefined : `argument ${arg} (header ${binding.name}, style simple, explode ${binding.explode ?? false}) sent as ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
}

/**
 * Prism limit: it keeps only the last of repeated multipart parts unless an `encoding` entry
 * says the part repeats ("Request body property filename must be array" for two `filename`
 * parts). For Prism's copy, every array property of a multipart body without an entry gets
 * OpenAPI's default spelled out: `style: form, explode: true` (one part per item).
 */
export function repeatMultipartArrays(doc: any): void {
  for (const item of Object.values<any>(doc.paths ?? {})) {
    for (const op of Object.values<any>(item)) {
      const media = op?.requestBody?.content?.['multipart/form-data'];
      const props = media?.schema?.properties;
      if (!props) continue;
      for (const [name, schema] of Object.entries<any>(props)) {
        if (schema?.type !== 'array' || media.encoding?.[name] !== undefined) continue;
        media.encoding = { ...media.encoding, [name]: { style: 'form', explode: true } };
      }
    }
  }
}
