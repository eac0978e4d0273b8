import { describe, expect, it } from 'vitest';
import { SchemaBundler } from '../../src/map/schema-bundle.js';
import type { JsonSchema } from '../../src/model/json-schema.js';

describe('SchemaBundler', () => {
  const defs: Record<string, JsonSchema> = {
    A: { type: 'object', properties: { b: { $ref: '#/$defs/B' }, id: { type: 'string', readOnly: true } }, required: ['id', 'b'] },
    B: { type: 'array', items: { $ref: '#/$defs/A' } },
    C: { type: 'object', properties: { default: { $ref: '#/$defs/D' } }, default: { $ref: '#/$defs/Unused' } },
    D: { type: 'string' },
    Unused: { type: 'string' },
    RO: { type: 'string', readOnly: true },
  };

  it('collects the transitive closure, sorted, and stops on cycles', () => {
    const b = new SchemaBundler(defs);
    expect(Object.keys(b.closure([{ $ref: '#/$defs/A' }], 'response'))).toEqual(['A', 'B']);
  });

  it('searches schema keywords only (a property named "default" is a schema, a default value is data)', () => {
    const b = new SchemaBundler(defs);
    expect(Object.keys(b.closure([{ $ref: '#/$defs/C' }], 'request'))).toEqual(['C', 'D']);
  });

  it('strips readOnly from requests (also through $ref and allOf), fixing required; returns the same object when unchanged', () => {
    const b = new SchemaBundler(defs);
    expect(b.def('A', 'request')).toEqual({ type: 'object', properties: { b: { $ref: '#/$defs/B' } }, required: ['b'] });
    const s = { type: 'object', properties: { r: { $ref: '#/$defs/RO' }, s: { allOf: [{ readOnly: true }] }, t: {} }, required: ['r', 's'] };
    expect(b.transform(s, 'request')).toEqual({ type: 'object', properties: { t: {} } });
    const same = { type: 'object', properties: { x: { type: 'string' } } };
    expect(b.transform(same, 'request')).toBe(same);
    expect(b.def('A', 'response')).toBe(defs.A);
  });
});
