// A manifest's schemas are the contract as its author wrote it: what the OpenAPI front end repairs
// with a warning (a keyword dropped, a typo'd `required` let go) stops a manifest, one line each.
import { describe, expect, it } from 'vitest';
import { errorsOf, manifestWith } from './manifest-kit.js';

const tool = (input: unknown) => ({ name: 'search', description: 'Searches.', input });
const withProps = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => manifestWith([tool({ type: 'object', properties, ...extra })]);

describe('schema defects are errors, not repairs', () => {
  const cases: { name: string; given: object; want: [string, string | undefined, string][] }[] = [
    {
      name: 'an unknown type',
      given: withProps({ n: { type: 'integr' } }),
      want: [['schema-invalid', '/tools/0/input/properties/n/type', '"type" "integr" is not a JSON Schema type']],
    },
    {
      name: 'a property written as a type name',
      given: withProps({ q: 'string' }),
      want: [['schema-invalid', '/tools/0/input/properties/q', 'Expected a schema object, not a string']],
    },
    {
      name: 'a bound that is not a number',
      given: withProps({ n: { type: 'integer', minimum: '3' } }),
      want: [['schema-invalid', '/tools/0/input/properties/n/minimum', '"minimum" must be a number, not a string']],
    },
    {
      name: 'a pattern that does not compile',
      given: withProps({ q: { type: 'string', pattern: '([' } }),
      want: [['schema-invalid', '/tools/0/input/properties/q/pattern', '"pattern" "([" is not a valid ECMAScript (unicode) regular expression']],
    },
    {
      name: 'a required name no property has, with additionalProperties false',
      given: withProps({ query: { type: 'string' } }, { required: ['qeury'], additionalProperties: false }),
      want: [['schema-required-undefined', '/tools/0/input/required', '"required" names "qeury", which "properties" does not define and "additionalProperties: false" forbids']],
    },
    {
      name: 'in a shared definition and an output',
      given: manifestWith([{ ...tool({ type: 'object' }), output: { $ref: '#/$defs/Hit' } }], { $defs: { Hit: { type: 'object', properties: { score: { type: 'float' } } } } }),
      want: [['schema-invalid', '/$defs/Hit/properties/score/type', '"type" "float" is not a JSON Schema type']],
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    expect(await errorsOf({ 'tools.json': given })).toEqual(want);
  });
});
