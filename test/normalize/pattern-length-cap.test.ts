import { describe, expect, it } from 'vitest';
import { needsLengthCap } from '../../src/normalize/pattern-length-cap.js';
import { AT, runConvertCase, warning, type ConvertCase } from './schema-test-kit.js';

const P = AT.pointer;

describe('needsLengthCap', () => {
  // Times: Node 22, the worst input named, on 100,000 characters (what the cap keeps out).
  it.each([
    ['[a-z]+$', 'tried from each start: 5.2 s on 100,000 letters and a `!` (50 ms on 10,000)'],
    ['^\\d+\\d+x', 'two repeats in a row: 10 s on 100,000 digits (89 ms on 10,000)'],
    ['^.+/.+$', 'readme.com: 366 ms on 30,000 slashes and a newline'],
    ['.+\\.[Jj][Ss][Oo][Nn][Ll]$', 'DigitalOcean: each start reads to the end and back'],
    ['[a-z]+_token_[0-9]+', 'from an example in GitHub\'s spec: each start reads the letters and back'],
    ['[a-z]{1,255}@', 'each start reads up to 255 letters: 255 M steps on a million'],
  ])('caps %s (%s)', (pattern) => {
    expect(needsLengthCap(pattern)).toBe(true);
  });

  it.each([
    ['^[a-z0-9-]+$', 'one repeat after ^: each character read once, given back once'],
    ['^[a-f0-9]{64}$', 'no unbounded repeat'],
    ['^/v1/customers/cus_', 'a literal'],
    ['^\\d+(px)?$', 'one repeat after ^ and an optional group'],
    ['[a-z]+', 'the search succeeds as soon as one letter is found, or fails reading each character once'],
  ])('leaves %s alone (%s)', (pattern) => {
    expect(needsLengthCap(pattern)).toBe(false);
  });
});

describe('convertSchema: a length cap for patterns that slow down on long strings', () => {
  const capped = (pattern: string, pointer: string) =>
    warning(
      'pattern-length-cap',
      `"pattern" ${JSON.stringify(pattern)} slows down faster than the text grows (over 100 ms on a million characters), so strings over 10000 characters are refused (give the schema a "maxLength" to choose another limit)`,
      pointer,
    );
  const cases: ConvertCase[] = [
    {
      name: 'no maxLength: 10000 is added, with a warning',
      given: { type: 'string', pattern: '[a-z]+$' },
      want: { type: 'string', pattern: '[a-z]+$', maxLength: 10000 },
      diagnostics: [capped('[a-z]+$', `${P}/pattern`)],
    },
    {
      name: 'a longer maxLength is lowered to 10000',
      given: { type: 'string', maxLength: 50000, pattern: '[a-z]+$' },
      want: { type: 'string', maxLength: 10000, pattern: '[a-z]+$' },
      diagnostics: [capped('[a-z]+$', `${P}/pattern`)],
    },
    {
      name: 'a shorter maxLength stays, without a warning',
      given: { type: 'string', maxLength: 64, pattern: '[a-z]+$' },
      want: { type: 'string', maxLength: 64, pattern: '[a-z]+$' },
    },
    {
      name: 'a pattern that reads each character once gets no cap',
      given: { type: 'string', pattern: '^[a-z]+$' },
      want: { type: 'string', pattern: '^[a-z]+$' },
    },
    {
      name: 'nested: the cap sits on the schema with the pattern',
      given: { type: 'array', items: { type: 'string', pattern: '^\\d+\\d+x' } },
      want: { type: 'array', items: { type: 'string', pattern: '^\\d+\\d+x', maxLength: 10000 } },
      diagnostics: [capped('^\\d+\\d+x', `${P}/items/pattern`)],
    },
    {
      name: 'a patternProperties key that slows down is dropped: a property name has no length to cap',
      given: { type: 'object', patternProperties: { '[a-z]+$': { type: 'string' }, '^x-[a-z]+$': { type: 'integer' } } },
      want: { type: 'object', patternProperties: { '^x-[a-z]+$': { type: 'integer' } } },
      diagnostics: [
        warning(
          'schema-invalid',
          'Pattern "[a-z]+$" slows down faster than the text grows (over 100 ms on a million characters), and a property name has no length limit: one argument could stall the server; ignored',
          `${P}/patternProperties/[a-z]+$`,
        ),
      ],
    },
  ];
  it.each(cases)('$name', (c) => runConvertCase(c));
});
