import { fromJsonSchema } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardPatterns } from '../../templates/runtime/pattern-guard.gen.js';
import { lazySchema } from '../../templates/runtime/tool-table.gen.js';
import type { JsonSchemaObject } from '../../templates/runtime/types.gen.js';

/** `[a-z]+$` on this fails in ~20 s when it runs (quadratic: 50 ms on 10,000 characters). */
const LONG = `${'a'.repeat(200_000)}!`;
const SLOW: JsonSchemaObject = { type: 'object', properties: { name: { type: 'string', maxLength: 10000, pattern: '[a-z]+$' } } };

/** The strings the validator ran `pattern` on (Ajv's compiled code calls `RegExp.prototype.test`). */
function patternInputs(pattern: string): unknown[] {
  const inputs: unknown[] = [];
  const test = RegExp.prototype.test;
  vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
    if (this.source === pattern) inputs.push(input);
    return test.call(this, input);
  });
  return inputs;
}

afterEach(() => {
  vi.restoreAllMocks();
});

function issues(schema: JsonSchemaObject, value: unknown): string[] {
  const result = fromJsonSchema(schema)['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('asynchronous validator');
  return (result.issues ?? []).map((issue) => issue.message);
}

describe('guardPatterns', () => {
  it('puts a pattern beside a maxLength under it, at any depth', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', maxLength: 5, pattern: 'x+$' }, b: { type: 'string', pattern: '^y$' } },
      $defs: { D: { type: 'array', items: { anyOf: [{ type: 'string', maxLength: 9, pattern: 'z+$', allOf: [{ minLength: 1 }] }] } } },
    };
    expect(guardPatterns(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'string', maxLength: 5, allOf: [{ if: { maxLength: 5 }, then: { pattern: 'x+$' } }] }, b: { type: 'string', pattern: '^y$' } },
      $defs: { D: { type: 'array', items: { anyOf: [{ type: 'string', maxLength: 9, allOf: [{ minLength: 1 }, { if: { maxLength: 9 }, then: { pattern: 'z+$' } }] }] } } },
    });
  });

  it('returns the same objects where nothing changes, and never rewrites values (enum, const, default)', () => {
    const untouched = { type: 'object', properties: { b: { type: 'string', pattern: '^y$' } }, default: { maxLength: 3, pattern: 'q' } };
    expect(guardPatterns(untouched)).toBe(untouched);
    const withConst = { const: { maxLength: 3, pattern: 'q' }, enum: [{ maxLength: 3, pattern: 'q' }] };
    expect(guardPatterns(withConst)).toBe(withConst);
  });

  it('keeps a property named __proto__ as an own property', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","maxLength":4,"pattern":"a+$"}}}') as Record<string, unknown>;
    const out = guardPatterns(schema) as { properties: Record<string, unknown> };
    expect(Object.hasOwn(out.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
    expect(out.properties['__proto__']).toEqual({ type: 'string', maxLength: 4, allOf: [{ if: { maxLength: 4 }, then: { pattern: 'a+$' } }] });
  });

  it('validates the same: the SDK validator (all errors) with and without the guard agree on short strings', () => {
    for (const name of ['abc', 'abc!', '', 'ABC', 'a'.repeat(10000), `${'a'.repeat(9999)}!`]) {
      expect(issues(guardPatterns(SLOW) as JsonSchemaObject, { name }).length > 0).toBe(issues(SLOW, { name }).length > 0);
    }
  });

  it('a too-long string is refused for its length alone: the pattern never runs on it', () => {
    // Without the guard the SDK's Ajv (allErrors) runs the pattern on it too: ~13-20 s.
    const ran = patternInputs('[a-z]+$');
    expect(issues(guardPatterns(SLOW) as JsonSchemaObject, { name: LONG })).toEqual([expect.stringMatching(/must NOT have more than 10000 characters/)]);
    expect(issues(guardPatterns(SLOW) as JsonSchemaObject, { name: 'abc1' })).toEqual([expect.stringMatching(/must match pattern/)]);
    expect(ran).toEqual(['abc1']);
  });

  it('is what the tool table validates with, while tools/list shows the schema as generated', () => {
    const { schema } = lazySchema<unknown>('t', 'inputSchema', SLOW);
    const ran = patternInputs('[a-z]+$');
    const result = schema['~standard'].validate({ name: LONG });
    if (result instanceof Promise) throw new Error('asynchronous validator');
    expect(result.issues?.map((issue) => issue.message)).toEqual([expect.stringMatching(/must NOT have more than 10000 characters/)]);
    expect(ran).toEqual([]);
    expect(schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toBe(SLOW);
  });
});
