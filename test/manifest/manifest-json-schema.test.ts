// schemas/tool-manifest.schema.json (published in the package for editors) accepts what the
// generator accepts and flags the usual mistakes.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const schema = JSON.parse(readFileSync(new URL('../../schemas/tool-manifest.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[] };

describe('the published manifest schema', () => {
  it('ships in the package', () => {
    expect(pkg.files).toContain('schemas');
  });

  it('accepts the fixture manifest', () => {
    const doc = load(readFileSync(new URL('../fixtures/manifest/notes/tools.yaml', import.meta.url), 'utf8'));
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    { name: 'misspelt tool field', doc: { toolManifest: 1, info: { title: 'T', version: '1' }, tools: [{ name: 'a', description: 'A.', inputSchema: {} }] }, path: '/tools/0' },
    { name: 'missing info', doc: { toolManifest: 1, tools: [] }, path: '' },
    { name: 'bad icon scheme', doc: { toolManifest: 1, info: { title: 'T', version: '1' }, tools: [{ name: 'a', description: 'A.', input: {}, icons: [{ src: 'javascript:x' }] }] }, path: '/tools/0/icons/0/src' },
  ])('flags $name', ({ doc, path }) => {
    expect(validate(doc)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toContain(path);
  });
});
