import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from '../../src/load/json-error-offset.js';

/** The offset V8 reports, where it reports one. */
function v8Offset(text: string): number | undefined {
  try {
    JSON.parse(text);
    return -1;
  } catch (error) {
    const match = / at position (\d+)/.exec((error as Error).message);
    return match ? Number(match[1]) : undefined;
  }
}

describe('jsonErrorOffset', () => {
  it.each([
    { name: 'valid object', given: '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}', want: -1 },
    { name: 'valid with surrounding space', given: ' \n{ } \n', want: -1 },
    { name: 'valid scalar', given: '"text"', want: -1 },
    { name: 'bad literal', given: '{"a": tru}', want: 9 },
    { name: 'unknown word', given: '{"a": undefined}', want: 6 },
    { name: 'single quotes in value', given: "{\"a\": 'x'}", want: 6 },
    { name: 'end inside a literal', given: '{"a": nul', want: 9 },
    { name: 'end after a comma', given: '{"a": [1, ', want: 10 },
    { name: 'end after a colon', given: '{"a": ', want: 6 },
    { name: 'missing comma', given: '{"a": 1 "b": 2}', want: 8 },
    { name: 'trailing comma in object', given: '{"a": 1,}', want: 8 },
    { name: 'trailing comma in array', given: '[1,]', want: 3 },
    { name: 'double comma, nested', given: '{\n  "a": {\n    "b": [1, 2,, 3]\n  }\n}', want: 26 },
    { name: 'mismatched close', given: '[1}', want: 2 },
    { name: 'missing colon', given: '{"a" 1}', want: 5 },
    { name: 'unterminated string', given: '{"a": "abc', want: 10 },
    { name: 'control character in string', given: '{"a": "x\ny"}', want: 8 },
    { name: 'bad escape', given: '{"a": "\\x"}', want: 7 },
    { name: 'bad unicode escape', given: '{"a": "\\u12g4"}', want: 7 },
    { name: 'minus without digits', given: '[-]', want: 1 },
    { name: 'text after the value', given: '{} x', want: 3 },
    { name: 'empty', given: '', want: 0 },
  ])('$name', ({ given, want }) => {
    expect(jsonErrorOffset(given)).toBe(want);
  });

  it.each([
    '{"a": 1 "b": 2}',
    '{"a": 1,}',
    '{"a" 1}',
    '{"a": "abc',
    '{"a": "x\ny"}',
    '{} x',
    '{\n  "a": {\n    "b": [1, 2 3]\n  }\n}',
  ])('agrees with JSON.parse where it gives a position: %j', (given) => {
    expect(jsonErrorOffset(given)).toBe(v8Offset(given));
  });

  it('handles deep nesting without recursion', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonErrorOffset(deep)).toBe(-1);
    expect(jsonErrorOffset(deep + ']')).toBe(200_000);
  });
});
