import { describe, expect, it } from 'vitest';
import { hashOptions } from '../../src/write/options-hash.js';

describe('hashOptions', () => {
  const base = hashOptions({ nameStyle: 'spec', sensitivePatterns: ['token', /^x-/i] });

  const cases: { name: string; given: object; same: boolean }[] = [
    { name: 'key order does not matter', given: { sensitivePatterns: ['token', /^x-/i], nameStyle: 'spec' }, same: true },
    { name: 'where and how to run does not matter', given: { nameStyle: 'spec', sensitivePatterns: ['token', /^x-/i], input: 'a.yaml', output: 'out', cwd: '/x', mode: 'write', force: true, onStage: () => {} }, same: true },
    { name: 'an undefined option is an absent one', given: { nameStyle: 'spec', sensitivePatterns: ['token', /^x-/i], packageName: undefined }, same: true },
    { name: 'another value', given: { nameStyle: 'portable', sensitivePatterns: ['token', /^x-/i] }, same: false },
    { name: 'RegExp flags count', given: { nameStyle: 'spec', sensitivePatterns: ['token', /^x-/] }, same: false },
    { name: 'list order counts', given: { nameStyle: 'spec', sensitivePatterns: [/^x-/i, 'token'] }, same: false },
    { name: 'an option added later counts', given: { nameStyle: 'spec', sensitivePatterns: ['token', /^x-/i], include: ['GET /a'] }, same: false },
    { name: 'strict and validate, which only decide whether a run fails, do not count', given: { nameStyle: 'spec', sensitivePatterns: ['token', /^x-/i], strict: true, validate: true }, same: true },
  ];
  for (const { name, given, same } of cases) it(name, () => expect(hashOptions(given) === base).toBe(same));

  it('a hex sha256', () => expect(base).toMatch(/^[0-9a-f]{64}$/));
  it('a function option cannot be hashed: never skipped', () => expect(hashOptions({ transform: () => 1 })).toBeUndefined());
});
