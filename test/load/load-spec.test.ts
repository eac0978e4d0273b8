import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { resolveRef } from '../../src/load/resolve-ref.js';

const fixtures = resolve(import.meta.dirname, '../fixtures/load');
const fixtureUrl = (path: string) => pathToFileURL(join(fixtures, path)).href;

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` under a fresh directory and returns it. */
function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 'case-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('loadSpec on local files', () => {
  it.each([
    { name: 'JSON', given: 'petstore.json' },
    { name: 'YAML', given: 'petstore.yaml' },
  ])('loads $name and names the file relative to cwd', async ({ given }) => {
    const loaded = await loadSpec(given, { cwd: fixtures });
    expect(loaded.root.url).toBe(fixtureUrl(given));
    expect(loaded.root.display).toBe(given);
    expect(loaded.specVersion).toBe('3.0');
    expect([...loaded.files.keys()]).toEqual([fixtureUrl(given)]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.hash).toMatch(/^[0-9a-f]{64}$/);
    const root = loaded.root.document as { paths: Record<string, unknown>; components: { schemas: { Pet: unknown } } };
    expect(Object.keys(root.paths)).toEqual(['/pets']);
    expect(root.components.schemas.Pet).toEqual({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    });
  });

  it('parses JSON and YAML forms of one document to the same value', async () => {
    const json = await loadSpec('petstore.json', { cwd: fixtures });
    const yaml = await loadSpec('petstore.yaml', { cwd: fixtures });
    expect(yaml.root.document).toEqual(json.root.document);
  });

  it('defaults cwd to the process working directory', async () => {
    const loaded = await loadSpec(join(fixtures, 'petstore.yaml'));
    expect(loaded.root.display).toBe('test/fixtures/load/petstore.yaml');
  });

  it('accepts a file: URL', async () => {
    const loaded = await loadSpec(fixtureUrl('petstore.yaml'), { cwd: fixtures });
    expect(loaded.root.display).toBe('petstore.yaml');
  });
});

describe('loadSpec on a multi-file spec', () => {
  it('reads every file reachable through refs, each relative to the file containing the ref', async () => {
    const loaded = await loadSpec('multi/root.yaml', { cwd: fixtures });
    expect([...loaded.files.keys()].sort()).toEqual(
      [
        'multi/examples/pets.json',
        'multi/paths/pets.yaml',
        'multi/paths/responses/error.yaml',
        'multi/root.yaml',
        'multi/schemas/error.json',
        'multi/schemas/pet.yaml',
        'multi/schemas/tag.yaml',
      ].map(fixtureUrl),
    );
    expect(loaded.files.get(fixtureUrl('multi/schemas/tag.yaml'))?.display).toBe('multi/schemas/tag.yaml');
    expect(loaded.files.get(fixtureUrl('multi/schemas/tag.yaml'))?.document).toEqual({
      type: 'object',
      properties: { label: { type: 'string' } },
    });
  });

  it('warns about a referenced file that does not exist, once, at the ref, and still loads', async () => {
    const loaded = await loadSpec('multi/root.yaml', { cwd: fixtures });
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'ref-file-unreadable',
        message: 'cannot read multi/missing.yaml: no such file',
        file: 'multi/root.yaml',
        pointer: '/paths/~1owners/get/responses/200/content/application~1json/schema',
      },
    ]);
  });

  it('lets resolveRef follow refs across files and through chains', async () => {
    const loaded = await loadSpec('multi/root.yaml', { cwd: fixtures });
    const pets = resolveRef(loaded, loaded.root.url, 'paths/pets.yaml');
    expect(pets?.file.display).toBe('multi/paths/pets.yaml');
    const error = resolveRef(loaded, fixtureUrl('multi/paths/pets.yaml'), 'responses/error.yaml#/content/application~1json/schema');
    expect(error?.file.display).toBe('multi/schemas/error.json');
    expect(error?.pointer).toBe('');
    // components/schemas/Pet is `{ $ref: ./schemas/pet.yaml#/Pet }`: the chain ends at the real schema.
    const pet = resolveRef(loaded, loaded.root.url, '#/components/schemas/Pet');
    expect(pet?.file.display).toBe('multi/schemas/pet.yaml');
    expect(pet?.pointer).toBe('/Pet');
    const alias = resolveRef(loaded, fixtureUrl('multi/schemas/pet.yaml'), '#/Alias');
    expect(alias?.pointer).toBe('/Pet');
    expect(resolveRef(loaded, loaded.root.url, 'missing.yaml#/Owner')).toBeUndefined();
  });

  it('changes the hash when a referenced file changes, and only then', async () => {
    const dir = mkdtempSync(join(scratch, 'hash-'));
    cpSync(join(fixtures, 'multi'), dir, { recursive: true });
    const before = await loadSpec('root.yaml', { cwd: dir });
    const again = await loadSpec('root.yaml', { cwd: dir });
    writeFileSync(join(dir, 'schemas/tag.yaml'), 'type: object\nproperties:\n  label:\n    type: integer\n');
    const after = await loadSpec('root.yaml', { cwd: dir });
    expect(again.hash).toBe(before.hash);
    expect(after.hash).not.toBe(before.hash);
  });

  it('does not depend on where the project sits on disk', async () => {
    const dir = mkdtempSync(join(scratch, 'moved-'));
    cpSync(join(fixtures, 'multi'), dir, { recursive: true });
    const here = await loadSpec('multi/root.yaml', { cwd: fixtures });
    const there = await loadSpec('root.yaml', { cwd: dir });
    expect(there.hash).toBe(here.hash);
  });

  it('reaches files by absolute path in an allowed directory', async () => {
    const dir = writeTree({
      'shared.yaml': 'Thing:\n  type: string\n',
    });
    const root = writeTree({
      'root.yaml': `openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      $ref: '${join(dir, 'shared.yaml')}#/Thing'\n`,
    });
    const loaded = await loadSpec('root.yaml', { cwd: root, allowRefs: [dir] });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.files.get(pathToFileURL(join(dir, 'shared.yaml')).href)?.document).toEqual({ Thing: { type: 'string' } });
  });

  it('stops at a referenced local file that is not valid YAML, as at a root file (a file mid-edit): its line and column', async () => {
    const dir = writeTree({
      'root.yaml': "openapi: 3.0.0\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    $ref: bad.yaml\n  /b:\n    $ref: worse.json\n",
      'bad.yaml': 'get:\n  responses: [\n',
      'worse.json': '{',
    });
    await expect(loadSpec('root.yaml', { cwd: dir })).rejects.toThrow(
      new UserError('bad.yaml:3:1: invalid YAML: flow sequence in block collection must be sufficiently indented and end with a ]'),
    );
  });
});

interface FatalCase {
  name: string;
  given: Record<string, string>;
  input: string;
  want: string;
}

describe('loadSpec warnings for refs it cannot follow', () => {
  it('warns once per referring file and target, at the first ref, in the order met', async () => {
    const dir = writeTree({
      'root.yaml': [
        'openapi: 3.0.0',
        "info: { title: t, version: '1' }",
        'paths: {}',
        'components:',
        '  schemas:',
        '    A: { $ref: gone.yaml#/A }',
        '    B: { $ref: gone.yaml#/B }',
        '    C: { $ref: other.yaml }',
        "    D: { $ref: 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66' }",
        "    E: { $ref: 'http://[oops/x.yaml' }",
        '',
      ].join('\n'),
      'other.yaml': 'type: object\nproperties:\n  x: { $ref: gone.yaml#/X }\n',
    });
    const loaded = await loadSpec('root.yaml', { cwd: dir });
    expect(loaded.diagnostics).toEqual([
      { severity: 'warning', code: 'ref-file-unreadable', message: 'cannot read gone.yaml: no such file', file: 'root.yaml', pointer: '/components/schemas/A' },
      {
        severity: 'warning',
        code: 'ref-file-unreadable',
        message: 'cannot read urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66: unsupported URL scheme',
        file: 'root.yaml',
        pointer: '/components/schemas/D',
      },
      { severity: 'warning', code: 'ref-file-unreadable', message: 'cannot read http://[oops/x.yaml: invalid URL', file: 'root.yaml', pointer: '/components/schemas/E' },
      { severity: 'warning', code: 'ref-file-unreadable', message: 'cannot read gone.yaml: no such file', file: 'other.yaml', pointer: '/properties/x' },
    ]);
  });
});

describe('loadSpec fatal errors', () => {
  const info = "info: { title: t, version: '1' }\n";
  it.each<FatalCase>([
    { name: 'missing root file', given: { 'other.yaml': '' }, input: 'api.yaml', want: 'cannot read api.yaml: no such file' },
    { name: 'root is a directory', given: {}, input: '.', want: 'cannot read .: is a directory; pass the spec file itself (none of its files starts like an OpenAPI document or a tool manifest)' },
    {
      name: 'JSON syntax error',
      given: { 'api.json': '{\n  "openapi": "3.0.0",\n  "paths": {}\n  "info": {}\n}\n' },
      input: 'api.json',
      want: "api.json:4:3: invalid JSON: expected ',' or '}' after property value",
    },
    {
      name: 'JSON error reported without a position by JSON.parse',
      given: { 'api.json': '{"openapi": "3.0.0", "paths": tru}' },
      input: 'api.json',
      want: "api.json:1:34: invalid JSON: unexpected token '}'",
    },
    {
      name: 'truncated JSON',
      given: { 'api.json': '{"openapi": "3.0.0",\n "paths": {"/a": ' },
      input: 'api.json',
      want: 'api.json:2:18: invalid JSON: unexpected end of input',
    },
    {
      name: 'YAML syntax error',
      given: { 'api.yaml': 'openapi: 3.0.0\npaths:\n  /a: {}\n /b: {}\n' },
      input: 'api.yaml',
      want: 'api.yaml:4:1: invalid YAML: all mapping items must start at the same column',
    },
    {
      name: 'duplicate YAML key',
      given: { 'api.yaml': 'openapi: 3.0.0\npaths: {}\npaths: {}\n' },
      input: 'api.yaml',
      want: 'api.yaml:3:1: invalid YAML: map keys must be unique',
    },
    { name: 'empty file', given: { 'api.yaml': '' }, input: 'api.yaml', want: 'api.yaml: not an OpenAPI document (top level is empty, not an object)' },
    {
      name: 'top level is a list',
      given: { 'api.yaml': '- openapi: 3.0.0\n' },
      input: 'api.yaml',
      want: 'api.yaml: not an OpenAPI document (top level is an array, not an object)',
    },
    {
      name: 'no version field',
      given: { 'api.json': '{"info": {}, "paths": {}}' },
      input: 'api.json',
      want: 'api.json: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field)',
    },
    {
      name: 'Swagger 1.2',
      given: { 'api.yaml': `swagger: "1.2"\n${info}paths: {}\n` },
      input: 'api.yaml',
      want: 'api.yaml: not an OpenAPI document (unsupported swagger version "1.2"; supported: 2.0)',
    },
    {
      name: 'OpenAPI 4.0',
      given: { 'api.yaml': `openapi: "4.0"\n${info}paths: {}\n` },
      input: 'api.yaml',
      want: 'api.yaml: not an OpenAPI document (unsupported openapi version "4.0"; supported: 3.0.x, 3.1.x)',
    },
    { name: '3.0 without paths', given: { 'api.yaml': `openapi: 3.0.3\n${info}` }, input: 'api.yaml', want: 'api.yaml: no "paths" object' },
    {
      name: '2.0 without paths',
      given: { 'api.yaml': `swagger: "2.0"\n${info}definitions: {}\n` },
      input: 'api.yaml',
      want: 'api.yaml: no "paths" object',
    },
    {
      name: '3.1 with nothing to offer',
      given: { 'api.yaml': `openapi: 3.1.0\n${info}` },
      input: 'api.yaml',
      want: 'api.yaml: no "paths", "webhooks" or "components" object',
    },
  ])('$name', async ({ given, input, want }) => {
    const dir = writeTree(given);
    const error = await loadSpec(input, { cwd: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(want);
  });

  it('names a root file outside cwd by its relative path', async () => {
    const dir = writeTree({});
    await expect(loadSpec('../nowhere/api.yaml', { cwd: dir })).rejects.toThrow(
      new UserError('cannot read ../nowhere/api.yaml: no such file'),
    );
  });
});

describe('loadSpec spec versions', () => {
  it.each([
    { name: 'Swagger 2.0', given: 'swagger: "2.0"\npaths: {}\n', want: '2.0' },
    { name: 'Swagger 2.0 as a YAML number', given: 'swagger: 2.0\npaths: {}\n', want: '2.0' },
    { name: 'OpenAPI 3.0.3', given: 'openapi: 3.0.3\npaths: {}\n', want: '3.0' },
    { name: 'OpenAPI 3.1.0', given: 'openapi: 3.1.0\npaths: {}\n', want: '3.1' },
    { name: 'OpenAPI 3.1 with webhooks only', given: 'openapi: 3.1.0\nwebhooks:\n  ping: {}\n', want: '3.1' },
    { name: 'OpenAPI 3.1 with components only', given: 'openapi: 3.1.1\ncomponents: {}\n', want: '3.1' },
  ])('$name', async ({ given, want }) => {
    const dir = writeTree({ 'api.yaml': given });
    expect((await loadSpec('api.yaml', { cwd: dir })).specVersion).toBe(want);
  });
});
