import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { lineAndColumn, parseDocument } from '../../src/load/parse-document.js';

describe('parseDocument', () => {
  it.each([
    { name: 'JSON object', given: '{"openapi": "3.0.0"}', want: { openapi: '3.0.0' } },
    { name: 'JSON after leading space', given: '\n  {"a": [1, 2]}', want: { a: [1, 2] } },
    { name: 'JSON with a byte order mark', given: '\uFEFF{"a": 1}', want: { a: 1 } },
    { name: 'YAML mapping', given: 'openapi: 3.1.0\npaths: {}\n', want: { openapi: '3.1.0', paths: {} } },
    { name: 'YAML with a byte order mark', given: '\uFEFFa: 1\n', want: { a: 1 } },
    { name: 'JSON array read as YAML', given: '[1, "two"]', want: [1, 'two'] },
    { name: 'YAML 1.2 core schema: no timestamps, yes is a string', given: 'd: 2020-01-01\ny: yes\nn: ~\n', want: { d: '2020-01-01', y: 'yes', n: null } },
    { name: 'numeric status keys stay strings', given: 'responses:\n  200: {description: ok}\n', want: { responses: { '200': { description: 'ok' } } } },
    { name: 'aliases', given: 'a: &x {t: 1}\nb: *x\n', want: { a: { t: 1 }, b: { t: 1 } } },
    {
      // js-yaml rejects this ("deficient indentation"); moby's swagger.yaml has it; yaml accepts it.
      name: 'flow mapping closed under its key (fallback parser)',
      given: 'example: {\n  "80/tcp": {}\n}\nnext: 1\n',
      want: { example: { '80/tcp': {} }, next: 1 },
    },
    { name: 'empty YAML', given: '', want: null },
  ])('$name', ({ given, want }) => {
    expect(parseDocument(given, 'spec')).toEqual(want);
  });

  it.each([
    { name: 'JSON: missing comma', given: '{\n  "a": 1\n  "b": 2\n}', want: "spec:3:3: invalid JSON: expected ',' or '}' after property value" },
    { name: 'JSON: trailing comma', given: '{"a": 1,}', want: 'spec:1:9: invalid JSON: expected double-quoted property name' },
    { name: 'JSON: bad literal', given: '{\n"a": tru}', want: "spec:2:9: invalid JSON: unexpected token '}'" },
    { name: 'JSON: single quotes', given: "{'a': 1}", want: 'spec:1:2: invalid JSON: expected property name or \'}\'' },
    { name: 'JSON: cut short', given: '{"a": [1,\n', want: 'spec:2:1: invalid JSON: unexpected end of input' },
    { name: 'JSON: text after the end', given: '{} x', want: 'spec:1:4: invalid JSON: unexpected non-whitespace character after JSON' },
    { name: 'YAML: bad indentation', given: 'a:\n  b: 1\n c: 2\n', want: 'spec:3:1: invalid YAML: all mapping items must start at the same column' },
    { name: 'YAML: nested mapping on one line', given: 'key: value: other\n', want: 'spec:1:6: invalid YAML: nested mappings are not allowed in compact mappings' },
    { name: 'YAML: duplicate key', given: 'a: 1\na: 2\n', want: 'spec:2:1: invalid YAML: map keys must be unique' },
    { name: 'YAML: tab indentation', given: 'a:\n\tb: 1\n', want: 'spec:2:1: invalid YAML: tabs are not allowed as indentation' },
    { name: 'YAML: unclosed quote', given: "a: 'x\n", want: "spec:2:1: invalid YAML: missing closing 'quote" },
    { name: 'YAML: two documents', given: 'a: 1\n---\nb: 2\n', want: 'spec:2:1: invalid YAML: source contains multiple documents; please use YAML.parseAllDocuments()' },
    // `yaml` reports this one without a position; js-yaml's position is used instead.
    { name: 'YAML: unknown alias', given: 'a: 1\nb: *x\n', want: 'spec:2:5: invalid YAML: unidentified alias "x"' },
  ])('$name', ({ given, want }) => {
    expect(() => parseDocument(given, 'spec')).toThrow(new UserError(want));
    expect(() => parseDocument(given, 'spec')).toThrow(UserError);
  });
});

describe('lineAndColumn', () => {
  it.each([
    { name: 'start', given: { text: 'ab\ncd', offset: 0 }, want: { line: 1, column: 1 } },
    { name: 'end of first line', given: { text: 'ab\ncd', offset: 2 }, want: { line: 1, column: 3 } },
    { name: 'second line', given: { text: 'ab\ncd', offset: 4 }, want: { line: 2, column: 2 } },
    { name: 'end of text', given: { text: 'ab\ncd\n', offset: 6 }, want: { line: 3, column: 1 } },
  ])('$name', ({ given, want }) => {
    expect(lineAndColumn(given.text, given.offset)).toEqual(want);
  });
});
