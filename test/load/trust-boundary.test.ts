import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { isPrivateAddress } from '../../src/load/private-address.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-trust-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET = 'GOCSPX-very-secret-client-secret';
const HEAD = "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\n";

/** A spec in `<case>/api/` and a credential file next to (outside) its directory. */
function caseDir(): { dir: string; api: string; secret: string } {
  const dir = mkdtempSync(join(scratch, 'case-'));
  const api = join(dir, 'api');
  mkdirSync(api);
  const secret = join(dir, 'credentials.json');
  writeFileSync(secret, JSON.stringify({ client_secret: SECRET }));
  return { dir, api, secret };
}

async function loadError(input: string, options: Parameters<typeof loadSpec>[1]): Promise<UserError> {
  try {
    await loadSpec(input, options);
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('loaded without an error');
}

describe('$refs stay inside the spec directory tree (finding 1)', () => {
  it.each([
    { name: 'a relative ref', ref: () => '../credentials.json' },
    { name: 'an absolute path', ref: (secret: string) => secret },
    // Refused on every platform; on Windows the host check also keeps the UNC path from being looked up.
    { name: "a file URL on another machine (UNC)", ref: () => 'file://fileserver/share/creds.json' },
  ])('refuses $name to a file outside it, naming the ref and never its content', async ({ ref }) => {
    const { api, secret } = caseDir();
    const written = ref(secret);
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Creds:\n      $ref: '${written}'\n`);
    const error = await loadError('root.yaml', { cwd: api });
    expect(error.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'ref-outside-spec',
        message: `$ref ${JSON.stringify(written)} leaves the spec's directory; allow its directory with --allow-ref <dir> (config key "allowRef") if you trust it`,
        file: 'root.yaml',
        pointer: '/components/schemas/Creds',
      },
    ]);
    expect(JSON.stringify([error.message, error.diagnostics])).not.toContain(SECRET);
  });

  it('refuses a symlink inside the tree that points outside it', async () => {
    const { api, secret } = caseDir();
    symlinkSync(secret, join(api, 'link.json'));
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Creds:\n      $ref: link.json\n`);
    const error = await loadError('root.yaml', { cwd: api });
    expect(error.diagnostics.map((d) => d.code)).toEqual(['ref-outside-spec']);
  });

  it('reads files in subdirectories, and outside ones only when allowed', async () => {
    const { dir, api } = caseDir();
    mkdirSync(join(api, 'schemas'));
    writeFileSync(join(api, 'schemas', 'pet.yaml'), 'Pet: { type: object }\n');
    writeFileSync(join(dir, 'shared.yaml'), 'Thing: { type: string }\n');
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Pet: { $ref: 'schemas/pet.yaml#/Pet' }\n    Thing: { $ref: '../shared.yaml#/Thing' }\n`);
    expect((await loadError('root.yaml', { cwd: api })).diagnostics.map((d) => d.pointer)).toEqual(['/components/schemas/Thing']);
    const loaded = await loadSpec('root.yaml', { cwd: api, allowRefs: ['..'] });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.files.size).toBe(3);
  });
});

describe('resource limits while loading (finding 4)', () => {
  it('refuses a YAML alias bomb quickly, in one line', async () => {
    const { api } = caseDir();
    const lines = ['openapi: 3.1.0', "info: { title: t, version: '1' }", 'paths: {}', 'x-bomb:', '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    const names = 'abcdefghi';
    for (let i = 1; i < names.length; i++) lines.push(`  ${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(',')}]`);
    writeFileSync(join(api, 'bomb.yaml'), `${lines.join('\n')}\n`);
    const started = performance.now();
    const error = await loadError('bomb.yaml', { cwd: api });
    expect(error.message).toBe('bomb.yaml: more than 10,000,000 values once YAML aliases are expanded (an alias bomb?); refused');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a document nested 800 deep, naming where', async () => {
    const { api } = caseDir();
    let schema = '{"type":"string"}';
    for (let i = 0; i < 800; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
    writeFileSync(join(api, 'deep.json'), `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"Deep":${schema}}}}`);
    const error = await loadError('deep.json', { cwd: api });
    expect(error.message).toMatch(/^deep\.json#\/components\/schemas\/Deep(\/properties\/a)+[^:]*…: nested more than 200 levels deep; a spec this deep is refused$/);
  });

  it('refuses a local ref to a device that never ends', async () => {
    const { api } = caseDir();
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Zero: { $ref: '/dev/zero' }\n`);
    const loaded = await loadSpec('root.yaml', { cwd: api, allowRefs: ['/dev'] });
    expect(loaded.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^cannot read [./]*dev\/zero: not a regular file$/)]);
  });
});

describe('remote refs (findings 4 and 5)', () => {
  let server: Server;
  let other: Server;
  let base: string;
  let otherBase: string;
  const bomb = gzipSync(Buffer.alloc(80 * 1024 * 1024, 0x20));
  beforeAll(async () => {
    other = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Meta: { type: 'string', description: 'instance-metadata-secret' } }));
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    otherBase = `http://localhost:${(other.address() as AddressInfo).port}`;
    server = createServer((request, response) => {
      const url = request.url ?? '';
      if (url === '/gzip-bomb.yaml') {
        response.writeHead(200, { 'content-type': 'text/yaml', 'content-encoding': 'gzip' });
        response.end(bomb);
      } else if (url === '/endless.yaml') {
        response.writeHead(200, { 'content-type': 'text/yaml' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        const pump = (): void => {
          while (response.write(chunk));
          response.once('drain', pump);
        };
        response.on('close', () => response.removeAllListeners('drain'));
        pump();
      } else if (url === '/redirect.json') {
        response.writeHead(302, { location: `${otherBase}/meta.json` });
        response.end();
      } else if (url === '/root.yaml') {
        response.writeHead(200, { 'content-type': 'text/yaml' });
        response.end(`${HEAD}components:\n  schemas:\n    Direct: { $ref: '${otherBase}/meta.json#/Meta' }\n    Redirected: { $ref: 'redirect.json#/Meta' }\n`);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await new Promise<void>((done) => other.close(() => done()));
  });

  it.each([
    { name: 'a gzip bomb', path: 'gzip-bomb.yaml' },
    { name: 'an endless body', path: 'endless.yaml' },
  ])('stops reading $name at the byte cap', async ({ path }) => {
    const { api } = caseDir();
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Big: { $ref: '${base}/${path}' }\n`);
    const loaded = await loadSpec('root.yaml', { cwd: api, allowRefs: [base] });
    expect(loaded.diagnostics.map((d) => d.message)).toEqual([`cannot fetch ${base}/${path}: larger than 64 MiB`]);
  });

  it('refuses loopback addresses for a spec from a URL, directly and after a redirect', async () => {
    const loaded = await loadSpec(`${base}/root.yaml`);
    const refusal = (url: string) => `${new URL(url).host} is a loopback, link-local or private address (127.0.0.1); a spec may not make openapi-mcp fetch it unless you pass --allow-ref ${new URL(url).origin}`;
    expect(loaded.diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/components/schemas/Direct', `refused to fetch ${otherBase}/meta.json: ${refusal(otherBase)}`],
      ['/components/schemas/Redirected', `refused to fetch ${otherBase}/meta.json (redirected from ${base}/redirect.json): ${refusal(otherBase)}`],
    ]);
    expect(JSON.stringify(loaded.files.size)).toBe('1');
  });

  it('refuses loopback addresses for a local spec too, unless allowed (a downloaded spec is as untrusted)', async () => {
    const { api } = caseDir();
    writeFileSync(join(api, 'root.yaml'), `${HEAD}components:\n  schemas:\n    Direct: { $ref: '${otherBase}/meta.json#/Meta' }\n    Redirected: { $ref: '${base}/redirect.json#/Meta' }\n`);
    const loaded = await loadSpec('root.yaml', { cwd: api });
    const refusal = (url: string) => `${new URL(url).host} is a loopback, link-local or private address (127.0.0.1); a spec may not make openapi-mcp fetch it unless you pass --allow-ref ${new URL(url).origin}`;
    expect(loaded.diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/components/schemas/Direct', `refused to fetch ${otherBase}/meta.json: ${refusal(otherBase)}`],
      ['/components/schemas/Redirected', `refused to fetch ${base}/redirect.json: ${refusal(base)}`],
    ]);
    expect(loaded.files.size).toBe(1);
    const allowed = await loadSpec('root.yaml', { cwd: api, allowRefs: [base, otherBase] });
    expect(allowed.diagnostics).toEqual([]);
    expect(allowed.files.has(`${otherBase}/meta.json`)).toBe(true);
  });

  it('fetches them when the origin is allowed explicitly', async () => {
    const loaded = await loadSpec(`${base}/root.yaml`, { allowRefs: [otherBase] });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.files.has(`${otherBase}/meta.json`)).toBe(true);
  });

  it.each([
    ['127.0.0.1', true], ['10.1.2.3', true], ['172.20.0.1', true], ['192.168.1.1', true], ['169.254.169.254', true],
    ['100.64.0.1', true], ['0.0.0.0', true], ['::1', true], ['fe80::1', true], ['fd00:ec2::254', true], ['::ffff:127.0.0.1', true],
    ['::7f00:1', true], ['::ffff:0:7f00:1', true], ['::ffff:0:a9fe:a9fe', true], ['fec0::1', true], ['::ffff:7f00:1', true],
    ['8.8.8.8', false], ['2606:4700:4700::1111', false], ['172.32.0.1', false],
  ])('classifies %s as private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
