import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPackage } from '../../src/emit/emit-package.js';
import { mapSpec } from '../../src/map-spec.js';

/**
 * data/tools/definitions.json keys each definition by its schema name (src/emit/tool-data.ts), not
 * by the order tools first use it: an operation moved, added or removed renames no definition, so
 * no other tool's line in the part files changes (with indexes by first use, renaming a path that
 * moved a tool renumbered the definitions of every part).
 */

const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-definition-keys-'));

const schemas = {
  Owner: { type: 'object', properties: { login: { type: 'string' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
  Pet: { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' }, tag: { $ref: '#/components/schemas/Tag' } } },
  Tag: { type: 'object', properties: { label: { type: 'string' } } },
};

const get = (id: string, schema: string): unknown => ({
  get: { operationId: id, responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } } } },
});

/** Tools are in path order: the paths given decide which tool uses a definition first (getLabel: Tag only). */
const BASE: Record<string, unknown> = {
  '/a/labels': { get: { operationId: 'getLabel', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } } } } } } } },
  '/a/tags': get('getTag', 'Tag'),
  '/b/owners': get('getOwner', 'Owner'),
  '/c/pets': get('getPet', 'Pet'),
};

async function generate(name: string, paths: Record<string, unknown>, components: Record<string, unknown> = schemas): Promise<Map<string, string>> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Keys', version: '1' }, servers: [{ url: 'https://keys.test' }], paths, components: { schemas: components } }));
  const { tools } = await mapSpec(file);
  return new Map(emitPackage(tools, { packageName: 'keys-mcp' }).files.map((f) => [f.path, f.contents]));
}

/** The lines only `before` has and the lines only `after` has, without their commas (the last line has none). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const lines = (text: string): string[] => text.split('\n').map((line) => line.replace(/,$/, ''));
  const [a, b] = [lines(before), lines(after)];
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

const DATA = 'data/tools/part-first.json';
const DEFINITIONS = 'data/tools/definitions.json';

describe('definitions.json keys when operations change', () => {
  it('one line per definition, keyed by schema name, sorted; tools name them with "" for their own name', async () => {
    const files = await generate('base', BASE);
    expect(files.get(DEFINITIONS)!.split('\n').map((line) => /^(\{|\}|"\w+":)?/.exec(line)![0])).toEqual(['{', '"Owner":', '"Pet":', '"Tag":', '}', '']);
    expect(files.get(DATA)).toContain('"$defs":{"Owner":"","Pet":"","Tag":""}');
  });

  it('a path renamed so that its tool moves: definitions.json is the same, only that tool\'s line changes', async () => {
    const before = await generate('base', BASE);
    const { '/a/labels': labels, ...rest } = BASE;
    const after = await generate('moved', { ...rest, '/z/labels': labels });
    expect(after.get(DEFINITIONS)).toBe(before.get(DEFINITIONS));
    const { removed, added } = changedLines(before.get(DATA)!, after.get(DATA)!);
    expect(removed).toEqual([expect.stringContaining('"path":"/a/labels"')]);
    expect(added).toEqual([expect.stringContaining('"path":"/z/labels"')]);
  });

  it('an operation added first that uses a new schema: one definition line added, no tool line changes', async () => {
    const before = await generate('base', BASE);
    const after = await generate('added', { '/0/colors': get('getColor', 'Color'), ...BASE }, { ...schemas, Color: { type: 'string', enum: ['red', 'blue'] } });
    expect(changedLines(before.get(DEFINITIONS)!, after.get(DEFINITIONS)!)).toEqual({ removed: [], added: ['"Color":{"type":"string","enum":["red","blue"]}'] });
    expect(changedLines(before.get(DATA)!, after.get(DATA)!)).toEqual({ removed: [], added: [expect.stringContaining('"name":"getColor"')] });
  });

  it('an operation removed: no definition renamed, no other tool line changes', async () => {
    const before = await generate('base', BASE);
    const { '/a/tags': _, ...rest } = BASE;
    const after = await generate('removed', rest);
    expect(after.get(DEFINITIONS)).toBe(before.get(DEFINITIONS));
    expect(changedLines(before.get(DATA)!, after.get(DATA)!)).toEqual({ removed: [expect.stringContaining('"name":"getTag"')], added: [] });
  });

  it("a schema edited: its definitions.json line, and only the line of the tool whose result it is (inlined there)", async () => {
    const before = await generate('base', BASE);
    const after = await generate('edited', BASE, { ...schemas, Tag: { type: 'object', properties: { label: { type: 'string' }, color: { type: 'string' } } } });
    const { removed, added } = changedLines(before.get(DEFINITIONS)!, after.get(DEFINITIONS)!);
    expect(removed).toEqual([expect.stringMatching(/^"Tag":/)]);
    expect(added).toEqual([expect.stringMatching(/^"Tag":.*"color"/)]);
    const data = changedLines(before.get(DATA)!, after.get(DATA)!);
    expect(data.removed).toEqual([expect.stringContaining('"name":"getTag"')]);
    expect(data.added).toEqual([expect.stringContaining('"name":"getTag"')]);
  });
});
