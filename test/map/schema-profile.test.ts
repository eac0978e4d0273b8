import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { applySchemaProfile } from '../../src/map/schema-profile.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';
import { runCli } from '../support/run-cli.js';

const typeArrays = (value: unknown): number =>
  typeof value !== 'object' || value === null ? 0
    : Object.entries(value).reduce((n, [key, v]) => n + (key === 'type' && Array.isArray(v) ? 1 : 0) + typeArrays(v), 0);

const NULLABLE = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    tag: { type: ['string', 'null'], maxLength: 3, format: 'email', description: 'kept beside' },
    owner: { type: ['object', 'null'], properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
    scores: { type: ['array', 'null'], items: { type: ['number', 'null'] }, maxItems: 2 },
    either: { type: ['string', 'integer'], enum: ['a', 1, 2.5], minimum: 1 },
    both: { type: ['string', 'null'], anyOf: [{ minLength: 2 }, { const: null }] },
  },
  $defs: { maybe: { type: ['boolean', 'null'] } },
} satisfies JsonSchemaObject;

describe('applySchemaProfile', () => {
  it('standard keeps the schema as it is', () => {
    expect(applySchemaProfile(NULLABLE, 'standard')).toBe(NULLABLE);
    expect(applySchemaProfile(NULLABLE, undefined)).toBe(NULLABLE);
  });

  it('portable leaves no type array and puts each type\'s keywords in its branch', () => {
    const out = applySchemaProfile(NULLABLE, 'portable') as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(typeArrays(out)).toBe(0);
    expect(out.properties.tag).toEqual({ anyOf: [{ type: 'string', maxLength: 3, format: 'email' }, { type: 'null' }], description: 'kept beside' });
    expect(out.properties.owner).toEqual({ anyOf: [{ type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false }, { type: 'null' }] });
    expect(out.properties.id).toBe(NULLABLE.properties.id); // untouched subschemas are shared
    expect(out.$defs.maybe).toEqual({ anyOf: [{ type: 'boolean' }, { type: 'null' }] });
    expect(NULLABLE.properties.tag).toEqual({ type: ['string', 'null'], maxLength: 3, format: 'email', description: 'kept beside' }); // not mutated
  });

  it('keeps the meaning: every sample is valid under both exactly when it was', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const before = ajv.compile(NULLABLE);
    const after = ajv.compile(applySchemaProfile(NULLABLE, 'portable'));
    const samples: unknown[] = [
      { id: 1 }, { id: 0 }, { id: 1, tag: null }, { id: 1, tag: 'abc' }, { id: 1, tag: 'abcd' }, { id: 1, tag: 5 },
      { id: 1, owner: null }, { id: 1, owner: {} }, { id: 1, owner: { name: 'x' } }, { id: 1, owner: { name: 'x', extra: 1 } },
      { id: 1, scores: null }, { id: 1, scores: [1, null] }, { id: 1, scores: [1, 2, 3] }, { id: 1, scores: ['x'] },
      { id: 1, either: 'a' }, { id: 1, either: 1 }, { id: 1, either: 2.5 }, { id: 1, either: 'b' }, { id: 1, either: 0 },
      { id: 1, both: 'ab' }, { id: 1, both: 'a' }, { id: 1, both: null }, { id: 1, unknown: true },
    ];
    expect(samples.map((s) => after(s))).toEqual(samples.map((s) => before(s)));
  });

  it('from the CLI: tools --json --schema-profile portable on a spec with nullable fields', () => {
    const standard = runCli(['tools', 'examples/petstore/petstore.yaml', '--json']);
    const portable = runCli(['tools', 'examples/petstore/petstore.yaml', '--json', '--schema-profile', 'portable']);
    expect([standard.code, portable.code]).toEqual([0, 0]);
    expect(typeArrays(JSON.parse(standard.stdout))).toBeGreaterThan(0);
    expect(typeArrays(JSON.parse(portable.stdout))).toBe(0);
    expect(runCli(['tools', 'examples/petstore/petstore.yaml', '--schema-profile', 'gemini']).stderr).toContain("argument 'gemini' is invalid");
  });
});
