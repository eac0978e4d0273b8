import { describe, expect, it } from 'vitest';
import { clone } from '../../src/normalize/schema-keywords.js';

describe('clone', () => {
  it('returns primitives as they are', () => {
    for (const value of ['a', 1, true, null, undefined]) expect(clone(value)).toBe(value);
  });

  it('copies nested objects and arrays, sharing nothing with the input', () => {
    const given = { a: [1, { b: ['x', null] }], c: { d: { e: 2 } } };
    const copy = clone(given) as typeof given;
    expect(copy).toEqual(given);
    expect(copy).not.toBe(given);
    expect(copy.a).not.toBe(given.a);
    expect(copy.a[1]).not.toBe(given.a[1]);
    expect(copy.c.d).not.toBe(given.c.d);
  });

  it('keeps a key named __proto__ as an own key, not a prototype', () => {
    const given = JSON.parse('{"__proto__":{"polluted":true},"k":1}') as object;
    const copy = clone(given) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'k']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"k":1}');
  });

  it('keeps the key order', () => {
    expect(Object.keys(clone({ b: 1, a: 2, 1: 3 }) as object)).toEqual(['1', 'b', 'a']);
  });

  it('copies a cyclic value (a YAML alias to an ancestor) with its cycle', () => {
    const given: Record<string, unknown> = { name: 'loop' };
    given.self = [given];
    const copy = clone(given) as Record<string, unknown>;
    expect(copy).not.toBe(given);
    expect((copy.self as unknown[])[0]).toBe(copy);
  });
});
