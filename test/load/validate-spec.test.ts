import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/load/load-spec.js';
import { validateSpec } from '../../src/load/validate-spec.js';

const fixtures = resolve(import.meta.dirname, '../fixtures/load');
const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-validate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('validateSpec', () => {
  it('finds nothing in a valid spec, and leaves the loaded documents alone', async () => {
    const loaded = await loadSpec('petstore.yaml', { cwd: fixtures });
    const before = structuredClone(loaded.root.document);
    expect(await validateSpec(loaded)).toEqual([]);
    expect(loaded.root.document).toEqual(before);
  });

  it('validates a multi-file spec from memory, without reading the files again', async () => {
    const dir = writeTree({
      'api.yaml': "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n",
      'paths/pets.yaml': "get:\n  responses:\n    '200':\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../schemas.yaml#/Pet\n",
      'schemas.yaml': 'Pet:\n  type: object\n',
    });
    const loaded = await loadSpec('api.yaml', { cwd: dir });
    rmSync(join(dir, 'paths'), { recursive: true });
    rmSync(join(dir, 'schemas.yaml'));
    expect(await validateSpec(loaded)).toEqual([]);
  });

  it('turns schema violations into schema-invalid warnings that point into the spec', async () => {
    const dir = writeTree({
      'api.yaml': "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n",
    });
    const loaded = await loadSpec('api.yaml', { cwd: dir });
    expect(await validateSpec(loaded)).toEqual([
      { severity: 'warning', code: 'schema-invalid', message: "must have required property 'responses'", file: 'api.yaml', pointer: '/paths/~1pets/get' },
    ]);
  });

  it('reports a failed semantic check as one warning', async () => {
    const dir = writeTree({
      'api.yaml': [
        'swagger: "2.0"',
        "info: { title: t, version: '1' }",
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: same',
        "      responses: { '200': { description: ok } }",
        '  /b:',
        '    get:',
        '      operationId: same',
        "      responses: { '200': { description: ok } }",
        '',
      ].join('\n'),
    });
    const loaded = await loadSpec('api.yaml', { cwd: dir });
    expect(await validateSpec(loaded)).toEqual([
      { severity: 'warning', code: 'schema-invalid', message: "Duplicate operation id 'same'", file: 'api.yaml' },
    ]);
  });
});
