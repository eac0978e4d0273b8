import { describe, expect, it } from 'vitest';
import { canonicalJson, createStateCodec, StateKeyError } from '../../templates/runtime/request-state.gen.js';

describe('request-state codec', () => {
  it('seals values so that only the same key opens them', () => {
    const a = createStateCodec('a'.repeat(32), 'X_STATE_KEY');
    const b = createStateCodec('b'.repeat(32), 'X_STATE_KEY');
    const sealed = a.seal({ id: 'secret-value' });
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('secret-value');
    expect(a.open(sealed)).toEqual({ id: 'secret-value' });
    expect(b.open(sealed)).toBeUndefined();
    expect(a.open(`${sealed.slice(0, -2)}AA`)).toBeUndefined();
    expect(a.open('')).toBeUndefined();
  });

  it('digests are keyed and independent of key order', () => {
    const a = createStateCodec('a'.repeat(32), 'X');
    const b = createStateCodec('b'.repeat(32), 'X');
    expect(a.digest({ x: 1, y: [1, { b: 2, a: 1 }] })).toBe(a.digest({ y: [1, { a: 1, b: 2 }], x: 1 }));
    expect(a.digest({ x: 1 })).not.toBe(a.digest({ x: 2 }));
    expect(a.digest({ x: 1 })).not.toBe(b.digest({ x: 1 }));
  });

  it('without a key every process has its own random one', () => {
    const one = createStateCodec(undefined, 'X');
    const two = createStateCodec('', 'X');
    expect(one.shared).toBe(false);
    expect(two.open(one.seal(1))).toBeUndefined();
  });

  it('a key shorter than 32 characters is refused with the variable name', () => {
    expect(() => createStateCodec('short', 'PETS_STATE_KEY')).toThrow(new StateKeyError('PETS_STATE_KEY must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)'));
  });

  it('canonicalJson sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [3, null] } })).toBe('{"a":{"c":[3,null]},"b":1}');
  });
});
