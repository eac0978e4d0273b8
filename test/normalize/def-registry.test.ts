import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag, type SourceLocation } from '../../src/diagnostics.js';
import type { LoadedSpec, SpecFile } from '../../src/load/loaded-spec.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { createDefRegistry } from '../../src/normalize/def-registry.js';
import { convertSchema } from '../../src/normalize/schema.js';

const ROOT = 'file:///api/root.yaml';
const OTHER = 'file:///api/schemas/other.yaml';
const ERROR = 'file:///api/schemas/error.json';
const AT: SourceLocation = { file: ROOT, pointer: '/paths/~1pets/get/responses/200/content/application~1json/schema' };

function specOf(version: LoadedSpec['specVersion'], documents: Record<string, unknown>): LoadedSpec {
  const files = new Map<string, SpecFile>();
  for (const [url, document] of Object.entries(documents)) files.set(url, { url, display: url, document });
  return { root: files.get(ROOT)!, specVersion: version, files, hash: '', diagnostics: [] };
}

function registryOf(spec: LoadedSpec) {
  const diagnostics = new DiagnosticBag();
  return { diagnostics, ...createDefRegistry(spec, diagnostics, spec.specVersion) };
}

/** Every def compiles on its own, the way the brief asks: `{ $defs: allDefs, $ref: "#/$defs/X" }`. */
function expectAllCompile(defs: Record<string, JsonSchema>): void {
  for (const key of Object.keys(defs)) {
    const ajv = new Ajv2020({ strictSchema: false, strictTypes: false, strictTuples: false, validateFormats: false });
    expect(() => ajv.compile({ $defs: defs, $ref: `#/$defs/${key}` }), key).not.toThrow();
  }
}

const multiFile = specOf('3.0', {
  [ROOT]: {
    openapi: '3.0.3',
    components: {
      schemas: {
        Pet: { type: 'object', properties: { tag: { $ref: 'schemas/other.yaml#/components/schemas/Tag' } } },
        Animal: { $ref: '#/components/schemas/Pet' },
        Error: { $ref: 'schemas/error.json' },
        Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' }, value: { type: 'string', nullable: true } } },
        A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
        B: { type: 'array', items: { $ref: '#/components/schemas/A' } },
        Bad: { type: 'object', properties: { n: { type: 'integer', minimum: 'zero' } } },
      },
    },
  },
  [OTHER]: {
    components: {
      schemas: {
        Pet: { type: 'object', description: 'a different Pet' },
        Tag: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Tag' }, pet: { $ref: '#/components/schemas/Pet' } } },
        Props: { id: { type: 'integer' } },
      },
    },
    owner: { type: 'string', format: 'byte' },
  },
  [ERROR]: { type: 'object', properties: { code: { type: 'integer' } }, required: ['code'] },
});

describe('createDefRegistry: keys', () => {
  const cases: { name: string; given: string[]; want: string[] }[] = [
    { name: 'root component: its plain name', given: ['#/components/schemas/Pet'], want: ['Pet'] },
    { name: 'same target twice: one key', given: ['#/components/schemas/Node', '#/components/schemas/Node'], want: ['Node', 'Node'] },
    { name: 'alias component: the alias name is taken by nothing else, refs go to the target', given: ['#/components/schemas/Animal'], want: ['Pet'] },
    { name: 'alias of a whole file takes the alias name', given: ['#/components/schemas/Error', 'schemas/error.json'], want: ['Error', 'Error'] },
    { name: 'component of another file', given: ['schemas/other.yaml#/components/schemas/Tag'], want: ['Tag'] },
    {
      name: 'clash with a root component: the root keeps its name whatever the order',
      given: ['schemas/other.yaml#/components/schemas/Pet', '#/components/schemas/Pet'],
      want: ['Pet_2', 'Pet'],
    },
    { name: 'any other pointer: its last segment', given: ['schemas/other.yaml#/owner', '#/components/schemas/Node/properties/value'], want: ['owner', 'value'] },
    { name: 'a pointer to a $ref-only object: keyed by the final target', given: ['#/components/schemas/Pet/properties/tag'], want: ['Tag'] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const { ctx, diagnostics } = registryOf(multiFile);
    expect(given.map((ref) => ctx.refToDef(ref, AT))).toEqual(want);
    expect(diagnostics.items).toEqual([]);
  });

  it('sanitizes 2.0 definition names, and plain names win over sanitized ones', () => {
    const spec = specOf('2.0', {
      [ROOT]: {
        swagger: '2.0',
        definitions: { 'Map«string,int»': { type: 'object' }, 'a b': { type: 'string' }, a_b: { type: 'integer' }, a_b_2: { type: 'boolean' } },
      },
    });
    const { ctx, defs } = registryOf(spec);
    const refs = ['#/definitions/a%20b', '#/definitions/Map«string,int»', '#/definitions/a_b', '#/definitions/a_b_2'];
    expect(refs.map((ref) => ctx.refToDef(ref, AT))).toEqual(['a_b_3', 'Map_string_int_', 'a_b', 'a_b_2']);
    expect(defs).toEqual({ a_b_3: { type: 'string' }, Map_string_int_: { type: 'object' }, a_b: { type: 'integer' }, a_b_2: { type: 'boolean' } });
  });

  it('a whole external file is keyed by its file name', () => {
    const spec = specOf('3.0', { [ROOT]: { openapi: '3.0.0' }, [ERROR]: { type: 'string' } });
    const { ctx } = registryOf(spec);
    expect(ctx.refToDef('schemas/error.json', AT)).toBe('error');
  });
});

describe('createDefRegistry: conversion', () => {
  it('self-recursive schema terminates and stays recursive', () => {
    const { ctx, defs } = registryOf(multiFile);
    expect(convertSchema({ $ref: '#/components/schemas/Node' }, ctx, AT)).toEqual({ $ref: '#/$defs/Node' });
    expect(defs).toEqual({
      Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' }, value: { type: ['string', 'null'] } } },
    });
    const validate = new Ajv2020({ strict: false }).compile({ $defs: defs, $ref: '#/$defs/Node' });
    expect(validate({ value: 'a', next: { value: null, next: { value: 'c' } } })).toBe(true);
    expect(validate({ next: { next: { value: 3 } } })).toBe(false);
  });

  it('mutually recursive schemas', () => {
    const { ctx, defs } = registryOf(multiFile);
    expect(ctx.refToDef('#/components/schemas/A', AT)).toBe('A');
    expect(defs).toEqual({
      A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
      B: { type: 'array', items: { $ref: '#/$defs/A' } },
    });
    expectAllCompile(defs);
  });

  it('refs inside another file resolve relative to that file', () => {
    const { ctx, defs, diagnostics } = registryOf(multiFile);
    expect(ctx.refToDef('#/components/schemas/Pet', AT)).toBe('Pet');
    expect(defs).toEqual({
      Pet: { type: 'object', properties: { tag: { $ref: '#/$defs/Tag' } } },
      Tag: { type: 'object', properties: { parent: { $ref: '#/$defs/Tag' }, pet: { $ref: '#/$defs/Pet_2' } } },
      Pet_2: { type: 'object', description: 'a different Pet' },
    });
    expect(diagnostics.items).toEqual([]);
    expectAllCompile(defs);
  });

  it('diagnostics point into the target file, and come once however often the target is referenced', () => {
    const { ctx, defs, diagnostics } = registryOf(multiFile);
    ctx.refToDef('#/components/schemas/Bad', AT);
    ctx.refToDef('#/components/schemas/Bad', { file: ROOT, pointer: '/elsewhere' });
    expect(defs).toEqual({ Bad: { type: 'object', properties: { n: { type: 'integer' } } } });
    expect(diagnostics.items).toEqual([
      {
        severity: 'warning',
        code: 'schema-invalid',
        message: '"minimum" must be a number, not a string; ignored',
        file: ROOT,
        pointer: '/components/schemas/Bad/properties/n/minimum',
      },
    ]);
  });

  it('a dangling ref: undefined, {} from convertSchema, and the exact warning', () => {
    const { ctx, defs, diagnostics } = registryOf(multiFile);
    expect(ctx.refToDef('#/components/schemas/Nope', AT)).toBeUndefined();
    expect(convertSchema({ $ref: 'schemas/missing.yaml#/X' }, ctx, AT)).toEqual({});
    expect(defs).toEqual({});
    expect(diagnostics.items).toEqual([
      { severity: 'warning', code: 'ref-unresolved', message: 'cannot resolve schema reference "#/components/schemas/Nope": no "Nope" in #/components/schemas (close matches: Node); any value is accepted there', ...AT },
      { severity: 'warning', code: 'ref-unresolved', message: 'cannot resolve schema reference "schemas/missing.yaml#/X"; any value is accepted there', ...AT },
    ]);
  });

  it('a ref that is not a valid URL reference is unresolved, not an exception', () => {
    const { ctx, diagnostics } = registryOf(multiFile);
    expect(ctx.refToDef('http://[bad', AT)).toBeUndefined();
    expect(diagnostics.items.map((d) => d.code)).toEqual(['ref-unresolved']);
  });

  it('resolve: a properties map by $ref, converted where it lives', () => {
    const { ctx, diagnostics } = registryOf(multiFile);
    const out = convertSchema({ type: 'object', properties: { $ref: 'schemas/other.yaml#/components/schemas/Props' } }, ctx, AT);
    expect(out).toEqual({ type: 'object', properties: { id: { type: 'integer' } } });
    expect(diagnostics.items).toEqual([]);
  });

  it('defs are listed in order of first sight (refs met while converting a target are settled before refToDef returns); only referenced targets', () => {
    const { ctx, defs } = registryOf(multiFile);
    convertSchema({ oneOf: [{ $ref: '#/components/schemas/B' }, { $ref: 'schemas/other.yaml#/owner' }] }, ctx, AT);
    expect(Object.keys(defs)).toEqual(['B', 'A', 'owner']);
    expect(defs.owner).toEqual({ type: 'string', contentEncoding: 'base64' });
  });

  it('a $ref chain 20,000 schemas long does not overflow the stack', () => {
    const schemas: Record<string, unknown> = {};
    const n = 20_000;
    for (let i = 0; i < n; i++) schemas[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${(i + 1) % n}` } } };
    const { ctx, defs } = registryOf(specOf('3.1', { [ROOT]: { openapi: '3.1.0', components: { schemas } } }));
    expect(ctx.refToDef('#/components/schemas/S0', AT)).toBe('S0');
    expect(Object.keys(defs)).toHaveLength(n);
    expect(defs.S19999).toEqual({ type: 'object', properties: { next: { $ref: '#/$defs/S0' } } });
  });

  it('every def of the multi-file fixture compiles with Ajv 2020', () => {
    const { ctx, defs } = registryOf(multiFile);
    for (const name of ['Pet', 'Animal', 'Error', 'Node', 'A', 'B', 'Bad']) ctx.refToDef(`#/components/schemas/${name}`, AT);
    ctx.refToDef('schemas/other.yaml#/owner', AT);
    expect(Object.keys(defs).sort()).toEqual(['A', 'B', 'Bad', 'Error', 'Node', 'Pet', 'Pet_2', 'Tag', 'owner']);
    expectAllCompile(defs);
  });
});
