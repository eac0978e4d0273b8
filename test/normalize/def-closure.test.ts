import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { collectDefs } from '../../src/normalize/def-closure.js';

const defs: Record<string, JsonSchema> = {
  Self: { type: 'object', properties: { next: { $ref: '#/$defs/Self' } } },
  A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
  B: { type: 'array', items: { $ref: '#/$defs/A' } },
  C: { allOf: [{ $ref: '#/$defs/D' }], default: { $ref: '#/$defs/Unused' } },
  D: { type: 'string' },
  Unused: { type: 'string' },
  Leaf: true,
};
const ref = (key: string): JsonSchema => ({ $ref: `#/$defs/${key}` });

describe('collectDefs', () => {
  const cases: { name: string; given: JsonSchema; want: string[] }[] = [
    { name: 'no refs', given: { type: 'string' }, want: [] },
    { name: 'boolean schema', given: true, want: [] },
    { name: 'direct', given: ref('D'), want: ['D'] },
    { name: 'self-recursive stops', given: ref('Self'), want: ['Self'] },
    { name: 'mutual recursion, sorted', given: ref('B'), want: ['A', 'B'] },
    { name: 'transitive through allOf; data keywords are not searched', given: ref('C'), want: ['C', 'D'] },
    { name: 'a ref inside enum, const or examples is data', given: { enum: [ref('D')], const: ref('D'), examples: [ref('D')] }, want: [] },
    { name: 'a property named "default" is a schema', given: { properties: { default: ref('D') } }, want: ['D'] },
    { name: 'unknown keys are left out', given: { anyOf: [ref('Missing'), ref('Leaf')] }, want: ['Leaf'] },
    { name: 'refs that are not #/$defs/ are ignored', given: { $ref: 'https://example.com/x.json' }, want: [] },
    {
      name: 'every subschema location',
      given: {
        items: ref('A'),
        prefixItems: [ref('D')],
        additionalProperties: ref('Self'),
        patternProperties: { x: ref('Leaf') },
        dependentSchemas: { y: ref('C') },
        not: { if: { then: { else: { contains: { propertyNames: { unevaluatedItems: { unevaluatedProperties: { contentSchema: { oneOf: [{ $defs: { z: ref('Unused') } }] } } } } } } } } },
      },
      want: ['A', 'B', 'C', 'D', 'Leaf', 'Self', 'Unused'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(collectDefs(given, defs)).toEqual(want);
  });

  it('is linear on a long chain', () => {
    const chain: Record<string, JsonSchema> = {};
    const n = 50_000;
    for (let i = 0; i < n; i++) chain[`S${i}`] = { properties: { next: ref(`S${(i + 1) % n}`) } };
    const started = performance.now();
    expect(collectDefs(ref('S0'), chain)).toHaveLength(n);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
