import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitToolFiles } from '../../src/emit/code-files.js';
import { mapSpec } from '../../src/map-spec.js';
import type { Tool } from '../../src/model/tool-model.js';
import { withDefinitions, type Definitions } from '../../templates/runtime/tool-data.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';

const FIXTURES = new URL('../fixtures/specs/', import.meta.url);

/** What the generated loaders do: parse the stored files and put the definitions back. */
function readBack(tools: readonly Tool[]): ToolEntry[] {
  const files = new Map(emitToolFiles(tools).map((f) => [f.path, f.contents]));
  const definitions = JSON.parse(files.get('data/tools/definitions.json')!) as Definitions;
  // The parts in the order src/tools/index.gen.ts joins them.
  const parts = [...files.get('src/tools/index.gen.ts')!.matchAll(/from "\.\/(part-[a-z0-9-]+)\.gen\.js"/g)].map((m) => `data/tools/${m[1]}.json`);
  return parts.flatMap((p) => withDefinitions(JSON.parse(files.get(p)!) as ToolEntry[], definitions));
}

describe('stored tool data (emit/tool-data.ts → runtime/tool-data.gen.ts)', () => {
  const specs = readdirSync(FIXTURES).filter((f) => /\.(json|ya?ml)$/.test(f));

  it.each(specs)('%s: reading the files back gives the mapped entries', async (spec) => {
    const { tools } = await mapSpec(new URL(spec, FIXTURES).pathname);
    const entries = tools.tools.map((t) => ({
      definition: t.definition,
      binding: t.binding,
      ...(t.elicit !== undefined ? { elicit: t.elicit } : {}),
      ...(t.scopes !== undefined ? { scopes: t.scopes } : {}),
    }));
    expect(JSON.stringify(readBack(tools.tools))).toBe(JSON.stringify(entries));
  });

  it('stores each distinct definition once, under its name', async () => {
    const shared = { type: 'object', properties: { id: { type: 'integer' } } };
    const tool = (name: string, defs: Record<string, unknown>): Tool =>
      ({ definition: { name, description: name, inputSchema: { type: 'object', properties: {}, $defs: defs } }, binding: { kind: 'http', method: 'GET', path: '/', arguments: {} } }) as unknown as Tool;
    const files = new Map(emitToolFiles([tool('a', { Pet: shared, Flag: true }), tool('b', { Pet: shared, Copy: { ...shared } })]).map((f) => [f.path, f.contents]));
    // Copy is Pet's JSON: stored once, under the smaller key; sorted by key.
    expect(files.get('data/tools/definitions.json')).toBe('{\n"Copy":{"type":"object","properties":{"id":{"type":"integer"}}},\n"Flag":true\n}\n');
    const lines = files.get('data/tools/part-first.json')!.split('\n');
    expect(lines[1]).toContain('"$defs":{"Pet":"Copy","Flag":""}');
    expect(lines[2]).toContain('"$defs":{"Pet":"Copy","Copy":""}');
  });

  it('variants of one name: the most used one gets the name, the others Name~<hash>; the order of the tools does not matter', async () => {
    const tool = (name: string, pet: unknown): Tool =>
      ({ definition: { name, description: name, inputSchema: { type: 'object', properties: {}, $defs: { Pet: pet } } }, binding: { kind: 'http', method: 'GET', path: '/', arguments: {} } }) as unknown as Tool;
    const full = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const cut = { type: 'object' };
    const stored = (tools: Tool[]): Map<string, string> => new Map(emitToolFiles(tools).map((f) => [f.path, f.contents]));
    const a = stored([tool('a', cut), tool('b', full), tool('c', full)]);
    const b = stored([tool('b', full), tool('c', full), tool('a', cut)]);
    expect(a.get('data/tools/definitions.json')).toBe(b.get('data/tools/definitions.json'));
    const definitions = JSON.parse(a.get('data/tools/definitions.json')!) as Record<string, unknown>;
    const hashed = Object.keys(definitions).find((k) => k !== 'Pet')!;
    expect(hashed).toMatch(/^Pet~[0-9a-f]{8}$/);
    expect(definitions).toEqual({ Pet: full, [hashed]: cut });
    const lines = a.get('data/tools/part-first.json')!.split('\n');
    expect(lines[1]).toContain(`"$defs":{"Pet":"${hashed}"}`);
    expect(lines[2]).toContain('"$defs":{"Pet":""}');
  });

  it('keeps a definition named __proto__ as an own property', () => {
    const entries = JSON.parse('[{"definition":{"name":"t","description":"","inputSchema":{"$defs":{"__proto__":"","b":"__proto__"}}},"binding":{}}]') as ToolEntry[];
    const [entry] = withDefinitions(entries, JSON.parse('{"__proto__":{"type":"string"}}') as Definitions);
    const defs = entry!.definition.inputSchema.$defs as Record<string, unknown>;
    expect(Object.getPrototypeOf(defs)).toBe(Object.prototype);
    expect(Object.keys(defs)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(defs, '__proto__')?.value).toEqual({ type: 'string' });
  });

  it('refuses a key that does not exist', () => {
    const entries = JSON.parse('[{"definition":{"name":"t","description":"","inputSchema":{},"outputSchema":{"$defs":{"X":"Y"}}},"binding":{}}]') as ToolEntry[];
    expect(() => withDefinitions(entries, { X: true })).toThrow('tool data of "t": definition "Y" of $defs "X" does not exist');
    const own = JSON.parse('[{"definition":{"name":"t","description":"","inputSchema":{"$defs":{"toString":""}}},"binding":{}}]') as ToolEntry[];
    expect(() => withDefinitions(own, { X: true })).toThrow('tool data of "t": definition "toString" of $defs "toString" does not exist');
  });
});
