import { describe, expect, it } from 'vitest';
import type { LoadedSpec, SpecFile } from '../../src/load/loaded-spec.js';
import { getAtPointer, MAX_REF_CHAIN, refOf, resolveRef, splitRef } from '../../src/load/resolve-ref.js';

const ROOT = 'file:///api/root.yaml';
const SHARED = 'file:///api/shared/schemas.yaml';
const REMOTE = 'https://example.com/specs/common.json';

function specOf(documents: Record<string, unknown>): LoadedSpec {
  const files = new Map<string, SpecFile>();
  for (const [url, document] of Object.entries(documents)) files.set(url, { url, display: url, document });
  return { root: files.get(ROOT)!, specVersion: '3.1', files, hash: '', diagnostics: [] };
}

const spec = specOf({
  [ROOT]: {
    components: {
      schemas: {
        Pet: { type: 'object' },
        Alias: { $ref: '#/components/schemas/Pet' },
        AliasOfAlias: { $ref: '#/components/schemas/Alias' },
        Shared: { $ref: 'shared/schemas.yaml#/Thing' },
        Described: { $ref: '#/components/schemas/Pet', description: 'kept: a $ref with siblings is a target' },
        LoopA: { $ref: '#/components/schemas/LoopB' },
        LoopB: { $ref: '#/components/schemas/LoopA' },
        'a/b': { const: 'slash' },
        'm~n': { const: 'tilde' },
        'with space': { const: 'space' },
      },
    },
  },
  [SHARED]: {
    Thing: { $ref: 'https://example.com/specs/common.json#/Base' },
    Local: { type: 'string' },
    Back: { $ref: '../root.yaml#/components/schemas/Pet' },
  },
  [REMOTE]: { Base: { type: 'integer' }, list: [{ a: 1 }, { a: 2 }] },
});

describe('resolveRef', () => {
  it.each([
    { name: 'local', given: { from: ROOT, ref: '#/components/schemas/Pet' }, want: { url: ROOT, pointer: '/components/schemas/Pet' } },
    { name: 'chain of $ref-only objects', given: { from: ROOT, ref: '#/components/schemas/AliasOfAlias' }, want: { url: ROOT, pointer: '/components/schemas/Pet' } },
    { name: 'chain across three files', given: { from: ROOT, ref: '#/components/schemas/Shared' }, want: { url: REMOTE, pointer: '/Base' } },
    { name: 'relative to the referring file', given: { from: SHARED, ref: '#/Local' }, want: { url: SHARED, pointer: '/Local' } },
    { name: 'back up a directory', given: { from: SHARED, ref: '#/Back' }, want: { url: ROOT, pointer: '/components/schemas/Pet' } },
    { name: 'whole file', given: { from: ROOT, ref: 'https://example.com/specs/common.json' }, want: { url: REMOTE, pointer: '' } },
    { name: 'ref with siblings stops the chain', given: { from: ROOT, ref: '#/components/schemas/Described' }, want: { url: ROOT, pointer: '/components/schemas/Described' } },
    { name: 'escaped slash', given: { from: ROOT, ref: '#/components/schemas/a~1b' }, want: { url: ROOT, pointer: '/components/schemas/a~1b' } },
    { name: 'escaped tilde', given: { from: ROOT, ref: '#/components/schemas/m~0n' }, want: { url: ROOT, pointer: '/components/schemas/m~0n' } },
    { name: 'percent-encoded', given: { from: ROOT, ref: '#/components/schemas/with%20space' }, want: { url: ROOT, pointer: '/components/schemas/with space' } },
    { name: 'array index', given: { from: REMOTE, ref: '#/list/1' }, want: { url: REMOTE, pointer: '/list/1' } },
  ])('$name', ({ given, want }) => {
    const resolved = resolveRef(spec, given.from, given.ref);
    expect(resolved && { url: resolved.file.url, pointer: resolved.pointer }).toEqual(want);
    expect(resolved?.value).toBe(getAtPointer(spec.files.get(want.url)!.document, want.pointer));
  });

  it.each([
    { name: 'missing pointer', given: { from: ROOT, ref: '#/components/schemas/Nope' } },
    { name: 'file not loaded', given: { from: ROOT, ref: 'missing.yaml#/X' } },
    { name: 'cycle of $ref-only objects', given: { from: ROOT, ref: '#/components/schemas/LoopA' } },
    { name: 'array length is not an index', given: { from: REMOTE, ref: '#/list/length' } },
    { name: 'index out of range', given: { from: REMOTE, ref: '#/list/2' } },
    { name: 'leading zero index', given: { from: REMOTE, ref: '#/list/01' } },
    { name: 'inherited property', given: { from: ROOT, ref: '#/components/constructor' } },
    { name: 'invalid URL', given: { from: ROOT, ref: 'http://[oops/x.yaml' } },
    { name: 'anchor, not a pointer', given: { from: ROOT, ref: '#Pet' } },
  ])('gives undefined for $name', ({ given }) => {
    expect(resolveRef(spec, given.from, given.ref)).toBeUndefined();
  });

  /** Components `A0` … `A<n-1>`, each a `$ref` to the next; the last one's to `last`. */
  const chain = (n: number, last: string): LoadedSpec => {
    const schemas: Record<string, unknown> = { Pet: { type: 'object' } };
    for (let i = 0; i < n; i++) schemas[`A${i}`] = { $ref: i === n - 1 ? last : `#/components/schemas/A${i + 1}` };
    return specOf({ [ROOT]: { components: { schemas } } });
  };

  it(`follows a chain of ${MAX_REF_CHAIN} $ref-only objects, not a longer one`, () => {
    expect(resolveRef(chain(MAX_REF_CHAIN, '#/components/schemas/Pet'), ROOT, '#/components/schemas/A0')?.pointer).toBe('/components/schemas/Pet');
    expect(resolveRef(chain(MAX_REF_CHAIN + 1, '#/components/schemas/Pet'), ROOT, '#/components/schemas/A0')).toBeUndefined();
  });

  it('resolves every component of a spec-long alias cycle quickly (each walked the whole cycle: 5,000 took 56 s)', () => {
    const cycle = chain(20_000, '#/components/schemas/A0');
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) expect(resolveRef(cycle, ROOT, `#/components/schemas/A${i}`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('splitRef', () => {
  it.each([
    { name: 'local', given: { from: ROOT, ref: '#/a/b' }, want: { url: ROOT, pointer: '/a/b' } },
    { name: 'relative file', given: { from: ROOT, ref: 'shared/schemas.yaml#/Thing' }, want: { url: SHARED, pointer: '/Thing' } },
    { name: 'dot segments', given: { from: SHARED, ref: './../root.yaml' }, want: { url: ROOT, pointer: '' } },
    { name: 'absolute path', given: { from: ROOT, ref: '/other/x.yaml#/X' }, want: { url: 'file:///other/x.yaml', pointer: '/X' } },
    { name: 'absolute path from a URL stays on its host', given: { from: REMOTE, ref: '/x.yaml' }, want: { url: 'https://example.com/x.yaml', pointer: '' } },
    { name: 'URL', given: { from: ROOT, ref: 'https://example.com/a.json#/b' }, want: { url: 'https://example.com/a.json', pointer: '/b' } },
    { name: 'space in a file name', given: { from: ROOT, ref: 'my file.yaml' }, want: { url: 'file:///api/my%20file.yaml', pointer: '' } },
    { name: 'bad percent escape kept', given: { from: ROOT, ref: '#/a%zz' }, want: { url: ROOT, pointer: '/a%zz' } },
  ])('$name', ({ given, want }) => {
    expect(splitRef(given.from, given.ref)).toEqual(want);
  });
});

describe('getAtPointer', () => {
  const doc = { a: { '': 'empty key', 'x/y': 1, 'x~y': 2 }, list: ['zero'], nil: null };
  it.each([
    { name: 'whole document', given: '', want: doc },
    { name: 'empty key', given: '/a/', want: 'empty key' },
    { name: 'escaped', given: '/a/x~1y', want: 1 },
    { name: 'escaped tilde', given: '/a/x~0y', want: 2 },
    { name: 'array item', given: '/list/0', want: 'zero' },
    { name: 'null value', given: '/nil', want: null },
    { name: 'through null', given: '/nil/x', want: undefined },
    { name: 'through a string', given: '/list/0/length', want: undefined },
    { name: 'no leading slash', given: 'a', want: undefined },
  ])('$name', ({ given, want }) => {
    expect(getAtPointer(doc, given)).toEqual(want);
  });
});

describe('refOf', () => {
  it.each([
    { name: 'ref object', given: { $ref: '#/a' }, want: '#/a' },
    { name: 'non-string $ref', given: { $ref: { type: 'string' } }, want: undefined },
    { name: 'array', given: ['#/a'], want: undefined },
    { name: 'null', given: null, want: undefined },
  ])('$name', ({ given, want }) => {
    expect(refOf(given)).toBe(want);
  });
});
