import { describe, expect, it } from 'vitest';
import { hashBytes, hashSources } from '../../src/load/spec-hash.js';

/** The per-file hash loadSpec computes for a file with this text. */
const bytes = (text: string): string => hashBytes(new TextEncoder().encode(text));

describe('hashSources', () => {
  const root = 'file:///p/api.yaml';
  const base = hashSources(root, new Map([[root, bytes('a')], ['file:///p/s/x.yaml', bytes('b')]]));

  it.each([
    { name: 'insertion order does not matter', given: new Map([['file:///p/s/x.yaml', bytes('b')], [root, bytes('a')]]), root, same: true },
    { name: 'the folder the project sits in does not matter', given: new Map([['file:///q/api.yaml', bytes('a')], ['file:///q/s/x.yaml', bytes('b')]]), root: 'file:///q/api.yaml', same: true },
    { name: 'a changed byte matters', given: new Map([[root, bytes('a')], ['file:///p/s/x.yaml', bytes('c')]]), root, same: false },
    { name: 'a renamed file matters', given: new Map([[root, bytes('a')], ['file:///p/s/y.yaml', bytes('b')]]), root, same: false },
    { name: 'bytes moving between files matter', given: new Map([[root, bytes('ab')], ['file:///p/s/x.yaml', bytes('')]]), root, same: false },
    { name: 'a missing file matters', given: new Map([[root, bytes('a')]]), root, same: false },
  ])('$name', ({ given, root: givenRoot, same }) => {
    expect(hashSources(givenRoot, given) === base).toBe(same);
  });

  it('is a sha256 hex digest', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});
