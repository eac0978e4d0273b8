import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { resolveRef } from '../../src/load/resolve-ref.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-remote-'));
const localFile = join(scratch, 'secret.yaml');
writeFileSync(localFile, 'Secret:\n  type: string\n');

/** What the test server serves, by path. Anything else is a 404. */
const pages: Record<string, string> = {
  '/api/root.yaml': [
    'openapi: 3.0.3',
    "info: { title: remote, version: '1' }",
    'paths:',
    '  /pets:',
    '    $ref: paths/pets.yaml',
    'components:',
    '  schemas:',
    '    Secret:',
    `      $ref: '${pathToFileURL(localFile).href}#/Secret'`,
    '    Gone:',
    '      $ref: gone.yaml',
    '',
  ].join('\n'),
  '/api/paths/pets.yaml': 'get:\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../schemas/pet.json\n',
  '/api/schemas/pet.json': '{"type": "object", "properties": {"id": {"type": "integer"}}}',
  '/api/plain.json': '{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}',
};

let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = pages[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/plain' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('loadSpec from a URL', () => {
  it('fetches the root and the files its refs reach, relative to each file', async () => {
    const loaded = await loadSpec(`${base}/api/root.yaml`);
    expect(loaded.root.display).toBe(`${base}/api/root.yaml`);
    expect(loaded.specVersion).toBe('3.0');
    expect([...loaded.files.keys()].sort()).toEqual([`${base}/api/paths/pets.yaml`, `${base}/api/root.yaml`, `${base}/api/schemas/pet.json`]);
    const pet = resolveRef(loaded, `${base}/api/paths/pets.yaml`, '../schemas/pet.json');
    expect(pet?.value).toEqual({ type: 'object', properties: { id: { type: 'integer' } } });
  });

  it('refuses local files and reports missing remote ones, without failing', async () => {
    const loaded = await loadSpec(`${base}/api/root.yaml`);
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'ref-file-refused',
        message: `refused to read ${pathToFileURL(localFile).href}: a file fetched from a URL may only reference http(s) URLs`,
        file: `${base}/api/root.yaml`,
        pointer: '/components/schemas/Secret',
      },
      {
        severity: 'warning',
        code: 'ref-file-unreadable',
        message: `cannot fetch ${base}/api/gone.yaml: HTTP 404 Not Found`,
        file: `${base}/api/root.yaml`,
        pointer: '/components/schemas/Gone',
      },
    ]);
    expect(loaded.files.has(pathToFileURL(localFile).href)).toBe(false);
  });

  it('fetches each file once', async () => {
    requests.length = 0;
    await loadSpec(`${base}/api/root.yaml`);
    expect(requests.sort()).toEqual(['/api/gone.yaml', '/api/paths/pets.yaml', '/api/root.yaml', '/api/schemas/pet.json']);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const loaded = await loadSpec(`${base}/api/plain.json`, { fetch: fetchSpy });
    expect(loaded.specVersion).toBe('2.0');
    expect(seen).toEqual([`${base}/api/plain.json`]);
  });

  it('lets a local spec reach http(s) files (this loopback server: once allowed)', async () => {
    const dir = mkdtempSync(join(scratch, 'local-'));
    writeFileSync(
      join(dir, 'api.yaml'),
      `openapi: 3.1.0\ninfo: { title: t, version: '1' }\ncomponents:\n  schemas:\n    Pet:\n      $ref: '${base}/api/schemas/pet.json'\n`,
    );
    const loaded = await loadSpec('api.yaml', { cwd: dir, allowRefs: [base] });
    expect(loaded.diagnostics).toEqual([]);
    expect([...loaded.files.keys()]).toEqual([pathToFileURL(join(dir, 'api.yaml')).href, `${base}/api/schemas/pet.json`]);
  });

  it('fails on a root that answers with an error status', async () => {
    await expect(loadSpec(`${base}/api/missing.yaml`)).rejects.toThrow(
      new UserError(`cannot fetch ${base}/api/missing.yaml: HTTP 404 Not Found`),
    );
  });

  it('fails on a root that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api.yaml`;
    await new Promise<void>((done) => closed.close(() => done()));
    await expect(loadSpec(url)).rejects.toThrow(new UserError(`cannot fetch ${url}: ECONNREFUSED`));
  });
});
