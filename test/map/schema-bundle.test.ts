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
    const out = b.bundle({ type: 'object', properties: { a: { $ref: '#/$defs/A' } } }, 'response');
    expect(Object.keys(out.$defs as object)).toEqual(['A', 'B']);
    expect(out.properties).toEqual({ a: { $ref: '#/$defs/A' } });
  });

  it('searches schema keywords only (a property named "default" is a schema, a default value is data)', () => {
    const b = new SchemaBundler(defs);
    const out = b.bundle({ type: 'object', properties: { c: { $ref: '#/$defs/C' } } }, 'request');
    expect(Object.keys(out.$defs as object)).toEqual(['C', 'D']);
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

  it('cuts off definitions past the budget, nearest kept, references to the rest left open', () => {
    const chain: Record<string, JsonSchema> = {
      L1: { type: 'object', properties: { next: { $ref: '#/$defs/L2' } } },
      L2: { type: 'object', properties: { next: { $ref: '#/$defs/L3' } } },
      L3: { type: 'object', properties: { next: { $ref: '#/$defs/L1' } } },
    };
    const b = new SchemaBundler(chain);
    const out = b.bundle({ type: 'object', properties: { first: { $ref: '#/$defs/L1' } } }, 'response', 2);
    expect(out).toEqual({
      type: 'object',
      properties: { first: { $ref: '#/$defs/L1' } },
      $defs: {
        L1: { type: 'object', properties: { next: { $ref: '#/$defs/L2' } } },
        L2: { type: 'object', properties: { next: { description: 'A L3 object (schema omitted for size).' } } },
      },
    });
    expect(chain.L2).toEqual({ type: 'object', properties: { next: { $ref: '#/$defs/L3' } } });
    expect(Object.keys(b.bundle({ type: 'object', properties: { first: { $ref: '#/$defs/L1' } } }, 'response').$defs as object)).toEqual(['L1', 'L2', 'L3']);
  });
});
