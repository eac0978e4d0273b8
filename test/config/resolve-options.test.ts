import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import type { ApiOptions } from '../../src/config/define-config.js';
import { API_OPTIONS, checkApiOptions, mergeOptions, optionsFromFlags, toGenerateOptions } from '../../src/config/resolve-options.js';

describe('API_OPTIONS', () => {
  it('pairs every config key with its kebab-case flag', () => {
    const kebab = (key: string): string => '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    expect(Object.entries(API_OPTIONS).map(([key, spec]) => [key, spec.flag])).toEqual(Object.keys(API_OPTIONS).map((key) => [key, kebab(key)]));
  });
});

describe('checkApiOptions', () => {
  const ok: { name: string; given: Record<string, unknown>; shared?: boolean; want: ApiOptions }[] = [
    { name: 'no options', given: { input: 'a.yaml', output: 'out' }, want: {} },
    { name: 'every option', given: { input: 'a', output: 'o', name: 'pets-mcp', nameStyle: 'spec', sensitive: ['pin'], strict: true, validate: false }, want: { name: 'pets-mcp', nameStyle: 'spec', sensitive: ['pin'], strict: true, validate: false } },
    { name: 'shared options', given: { apis: [], strict: true }, shared: true, want: { strict: true } },
    { name: 'cost options', given: { apis: [], outputSchema: 'full', descriptions: 'compact', tokenBudget: 20000 }, shared: true, want: { outputSchema: 'full', descriptions: 'compact', tokenBudget: 20000 } },
  ];
  for (const { name, given, shared, want } of ok) {
    it(name, () => {
      expect(checkApiOptions(given, 'c.json: apis[0]', shared ? ['apis'] : ['input', 'output'], shared === true)).toEqual(want);
    });
  }

  const bad: { name: string; given: Record<string, unknown>; shared?: boolean; want: string }[] = [
    { name: 'unknown key', given: { nameStlye: 'spec' }, want: 'c.json: apis[0]: unknown option "nameStlye" (known: input, output, name, nameStyle, schemaProfile, sensitive, notSensitive, strict, validate, include, exclude, includeTags, excludeTags, clientOnly, allowRef, confirm, auth, authEnv, outputSchema, descriptions, tokenBudget, toolsMode)' },
    { name: 'unknown shared key lists the shared ones', given: { out: 'x' }, shared: true, want: 'c.json: apis[0]: unknown option "out" (known: apis, nameStyle, schemaProfile, sensitive, notSensitive, strict, validate, include, exclude, includeTags, excludeTags, clientOnly, allowRef, confirm, auth, authEnv, outputSchema, descriptions, tokenBudget, toolsMode)' },
    { name: 'name shared', given: { name: 'x' }, shared: true, want: 'c.json: apis[0]: "name" names one package; set it in each entry of "apis"' },
    { name: 'choice', given: { nameStyle: 'short' }, want: 'c.json: apis[0].nameStyle must be "portable" or "spec", got "short"' },
    { name: 'boolean as string', given: { strict: 'yes' }, want: 'c.json: apis[0].strict must be true or false, got "yes"' },
    { name: 'string list as string', given: { sensitive: 'pin' }, want: 'c.json: apis[0].sensitive must be an array of non-empty strings, got "pin"' },
    { name: 'string list with a number', given: { sensitive: ['pin', 4] }, want: 'c.json: apis[0].sensitive must be an array of non-empty strings, got ["pin",4]' },
    { name: 'empty name', given: { name: '' }, want: 'c.json: apis[0].name must be a non-empty string, got ""' },
    { name: 'budget not a whole number', given: { tokenBudget: 1.5 }, want: 'c.json: apis[0].tokenBudget must be a positive whole number, got 1.5' },
    { name: 'budget zero', given: { tokenBudget: 0 }, want: 'c.json: apis[0].tokenBudget must be a positive whole number, got 0' },
    { name: 'output schema mode', given: { outputSchema: 'small' }, want: 'c.json: apis[0].outputSchema must be "full" or "compact" or "none", got "small"' },
    { name: 'null', given: { validate: null }, want: 'c.json: apis[0].validate must be true or false, got null' },
    { name: 'long value cut', given: { nameStyle: 'x'.repeat(100) }, want: `c.json: apis[0].nameStyle must be "portable" or "spec", got "${'x'.repeat(56)}...` },
  ];
  for (const { name, given, shared, want } of bad) {
    it(`rejects: ${name}`, () => {
      expect(() => checkApiOptions(given, 'c.json: apis[0]', shared ? ['apis'] : ['input', 'output'], shared === true)).toThrow(new UserError(want));
    });
  }
});

describe('mergeOptions', () => {
  const cases: { name: string; given: ApiOptions[]; want: ApiOptions }[] = [
    { name: 'nothing', given: [], want: {} },
    { name: 'later wins', given: [{ nameStyle: 'spec', strict: true }, { nameStyle: 'portable' }], want: { nameStyle: 'portable', strict: true } },
    { name: 'undefined does not erase', given: [{ name: 'a' }, { name: undefined, validate: true }], want: { name: 'a', validate: true } },
    { name: 'false overrides true', given: [{ strict: true }, { strict: false }], want: { strict: false } },
    { name: 'lists are replaced, not joined', given: [{ sensitive: ['a'] }, { sensitive: ['b'] }], want: { sensitive: ['b'] } },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(mergeOptions(...given)).toEqual(want));
});

describe('optionsFromFlags', () => {
  const cases: { name: string; given: Record<string, unknown>; want: ApiOptions }[] = [
    { name: 'only option flags', given: { out: 'x', config: 'c.json', check: true, verbose: true, watch: true }, want: {} },
    { name: 'commander keys are the config keys', given: { name: 'p', nameStyle: 'spec', sensitive: ['pin'], strict: true, validate: true }, want: { name: 'p', nameStyle: 'spec', sensitive: ['pin'], strict: true, validate: true } },
    { name: 'absent flags stay absent', given: { nameStyle: undefined }, want: {} },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(optionsFromFlags(given)).toEqual(want));
});

describe('toGenerateOptions', () => {
  const cases: { name: string; given: ApiOptions; want: Record<string, unknown> }[] = [
    { name: 'empty', given: {}, want: {} },
    { name: 'renamed fields', given: { name: 'p-mcp', sensitive: ['pin'] }, want: { packageName: 'p-mcp', sensitivePatterns: ['pin'] } },
    { name: 'same-named fields', given: { nameStyle: 'spec', strict: true, validate: false }, want: { nameStyle: 'spec', strict: true, validate: false } },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(toGenerateOptions(given)).toEqual(want));
});
