import { describe, expect, it } from 'vitest';
import { checkConfig, type ResolvedConfig } from '../../src/config/check-config.js';
import { API_OPTIONS } from '../../src/config/resolve-options.js';
import { UserError } from '../../src/diagnostics.js';

/** The option lists of "unknown option" messages (their exact text is tested in resolve-options.test.ts). */
const OPTIONS = Object.keys(API_OPTIONS).join(', ');
const SHARED = Object.keys(API_OPTIONS).filter((k) => k !== 'name').join(', ');

/** Paths resolve against the config file's directory, here /proj. */
describe('checkConfig', () => {
  const ok: { name: string; given: unknown; want: ResolvedConfig }[] = [
    {
      name: 'one-API shorthand',
      given: { input: 'api/openapi.yaml', output: '../mcp', name: 'pets-mcp' },
      want: { apis: [{ input: '/proj/api/openapi.yaml', output: '/mcp', options: { name: 'pets-mcp' } }] },
    },
    {
      name: 'several APIs, shared options under their own',
      given: { strict: true, nameStyle: 'spec', apis: [{ input: 'a.yaml', output: 'out/a' }, { input: 'b.json', output: 'out/b', strict: false }] },
      want: {
        apis: [
          { input: '/proj/a.yaml', output: '/proj/out/a', options: { strict: true, nameStyle: 'spec' } },
          { input: '/proj/b.json', output: '/proj/out/b', options: { strict: false, nameStyle: 'spec' } },
        ],
      },
    },
    {
      name: 'URLs stay as written; absolute paths stay',
      given: { apis: [{ input: 'https://example.com/openapi.json', output: '/abs/out' }, { input: 'file:///specs/a.yaml', output: 'b' }] },
      want: {
        apis: [
          { input: 'https://example.com/openapi.json', output: '/abs/out', options: {} },
          { input: 'file:///specs/a.yaml', output: '/proj/b', options: {} },
        ],
      },
    },
  ];
  for (const { name, given, want } of ok) it(name, () => expect(checkConfig(given, 'c.json', '/proj')).toEqual(want));

  const bad: { name: string; given: unknown; want: string }[] = [
    { name: 'not an object', given: 'a.yaml', want: 'c.json: the config must be an object with "apis" (or "input" and "output" for one API), got "a.yaml"' },
    { name: 'an array', given: [{ input: 'a', output: 'b' }], want: 'c.json: the config must be an object with "apis" (or "input" and "output" for one API), got an array' },
    { name: 'nothing to generate', given: { strict: true }, want: 'c.json: the config needs "apis" (a list of { input, output, ... }) or, for one API, "input" and "output"' },
    { name: 'apis empty', given: { apis: [] }, want: 'c.json: "apis" must be a non-empty array of { input, output, ... }' },
    { name: 'apis an object', given: { apis: { a: {} } }, want: 'c.json: "apis" must be a non-empty array of { input, output, ... }' },
    { name: 'an API not an object', given: { apis: ['a.yaml'] }, want: 'c.json: apis[0] must be an object { input, output, ... }, got "a.yaml"' },
    { name: 'input missing', given: { apis: [{ input: 'a', output: 'o' }, { output: 'p' }] }, want: 'c.json: apis[1].input must be a non-empty string (the spec path or URL), got nothing' },
    { name: 'output a number', given: { input: 'a', output: 3 }, want: 'c.json.output must be a non-empty string (the output directory), got 3' },
    { name: 'unknown option in an API', given: { apis: [{ input: 'a', output: 'o', tags: ['x'] }] }, want: `c.json: apis[0]: unknown option "tags" (known: input, output, ${OPTIONS})` },
    { name: 'unknown option at the top', given: { apis: [{ input: 'a', output: 'o' }], out: 'x' }, want: `c.json: unknown option "out" (known: apis, ${SHARED})` },
    { name: 'wrong type in an API', given: { apis: [{ input: 'a', output: 'o', validate: 1 }] }, want: 'c.json: apis[0].validate must be true or false, got 1' },
    { name: 'two APIs, one output', given: { apis: [{ input: 'a', output: 'out' }, { input: 'b', output: './out/' }] }, want: 'c.json: apis[1].output is the output of apis[0] too; each API needs its own directory' },
  ];
  for (const { name, given, want } of bad) {
    it(`rejects: ${name}`, () => expect(() => checkConfig(given, 'c.json', '/proj')).toThrow(new UserError(want)));
  }
});
