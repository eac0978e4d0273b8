import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../templates/runtime/redact.gen.js';

const SECRET = 'p@ss/word&key=1 2';

describe('redactSecrets: the encodings an upstream echoes a secret in (issue 12, finding 8)', () => {
  it.each([
    { name: 'as sent', given: `got ${SECRET}.` },
    { name: 'JSON-escaped with \\/', given: '{"echo":"p@ss\\/word&key=1 2"}' },
    { name: 'JSON with \\u0026-style escapes', given: '{"echo":"p@ss\\/word\\u0026key\\u003d1 2"}' },
    { name: 'form-encoded (+ for space)', given: 'q=p%40ss%2Fword%26key%3D1+2' },
    { name: 'percent-encoded, lower case', given: 'q=p%40ss%2fword%26key%3d1%202' },
    { name: 'base64', given: `auth ${Buffer.from(SECRET).toString('base64')}` },
    { name: 'base64url', given: `auth ${Buffer.from(SECRET).toString('base64url')}` },
  ])('$name', ({ given }) => {
    const out = redactSecrets(given, [SECRET]);
    expect(out).toContain('[REDACTED]');
    expect(out).not.toMatch(/word|p%40ss|cEBzcy93b3Jk/);
  });

  it.each([
    { name: 'hex', hex: Buffer.from(SECRET).toString('hex') },
    { name: 'HEX', hex: Buffer.from(SECRET).toString('hex').toUpperCase() },
  ])('$name (a debugging endpoint that dumps the request)', ({ hex }) => {
    expect(redactSecrets(`dump: ${hex} end`, [SECRET])).toBe('dump: [REDACTED] end');
  });

  it('redacts short secrets (3 to 5 characters) where they stand alone, not inside other words', () => {
    expect(redactSecrets('pin 4711, id 947112, "4711"', ['4711'])).toBe('pin [REDACTED], id 947112, "[REDACTED]"');
    expect(redactSecrets('ab is two letters', ['ab'])).toBe('ab is two letters');
  });
});
