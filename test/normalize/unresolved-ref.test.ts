import { describe, expect, it } from 'vitest';
import type { LoadedSpec, SpecFile } from '../../src/load/loaded-spec.js';
import { unresolvedRefMessage } from '../../src/normalize/unresolved-ref.js';

const ROOT = 'file:///api/root.yaml';
const OTHER = 'file:///api/common.yaml';

function specOf(documents: Record<string, unknown>): LoadedSpec {
  const files = new Map<string, SpecFile>();
  for (const [url, document] of Object.entries(documents)) files.set(url, { url, display: url, document });
  return { root: files.get(ROOT)!, specVersion: '3.0', files, hash: '', diagnostics: [] };
}

const spec = specOf({
  [ROOT]: {
    openapi: '3.0.3',
    components: {
      schemas: { Pet: { type: 'object' }, PetList: { type: 'array' }, Empty: {} },
      parameters: {
        Limit: { name: 'limit', in: 'query' },
        Alias: { $ref: '#/components/parameters/Limitt' },
        Loop: { $ref: '#/components/parameters/Loop2' },
        Loop2: { $ref: '#/components/parameters/Loop' },
        Far: { $ref: 'common.yaml#/Pagee' },
      },
      requestBodies: {},
    },
    tags: [{ name: 'pets' }],
  },
  [OTHER]: { Page: { name: 'page', in: 'query' } },
});

describe('the ref-unresolved message: why, what is close, what the tool does instead', () => {
  it.each([
    { name: 'a typo in the last segment', ref: '#/components/schemas/Pets', what: 'schema', want: 'cannot resolve schema reference "#/components/schemas/Pets": no "Pets" in #/components/schemas (close matches: Pet); any value is accepted there' },
    { name: 'a typo in a middle segment', ref: '#/components/parameterz/Limit', what: 'parameter', want: 'cannot resolve parameter reference "#/components/parameterz/Limit": no "parameterz" in #/components (close matches: parameters); the parameter is left out' },
    { name: 'no close match', ref: '#/components/parameters/Offset', what: 'parameter', want: 'cannot resolve parameter reference "#/components/parameters/Offset": no "Offset" in #/components/parameters; the parameter is left out' },
    { name: 'names that differ in their first letter are not suggested', ref: '#/components/schemas/Net', what: 'schema', want: 'cannot resolve schema reference "#/components/schemas/Net": no "Net" in #/components/schemas; any value is accepted there' },
    { name: 'an empty container', ref: '#/components/requestBodies/Pet', what: 'request body', want: 'cannot resolve request body reference "#/components/requestBodies/Pet": no "Pet" in #/components/requestBodies (it is empty); the tool sends no body' },
    { name: 'a missing top-level key', ref: '#/definitions/Pet', what: 'schema', want: 'cannot resolve schema reference "#/definitions/Pet": no "definitions" at the top of this file; any value is accepted there' },
    { name: 'an alias whose target is a typo', ref: '#/components/parameters/Alias', what: 'parameter', want: 'cannot resolve parameter reference "#/components/parameters/Alias": it leads to "#/components/parameters/Limitt": no "Limitt" in #/components/parameters (close matches: Limit); the parameter is left out' },
    { name: 'an alias into another file', ref: '#/components/parameters/Far', what: 'parameter', want: 'cannot resolve parameter reference "#/components/parameters/Far": it leads to "common.yaml#/Pagee": no "Pagee" at the top of common.yaml (close matches: Page); the parameter is left out' },
    { name: 'a cycle of aliases', ref: '#/components/parameters/Loop', what: 'parameter', want: 'cannot resolve parameter reference "#/components/parameters/Loop": its $refs form a cycle; the parameter is left out' },
    { name: 'past the end of an array', ref: '#/tags/3', what: 'schema', want: 'cannot resolve schema reference "#/tags/3": no item "3" in #/tags (1 items); any value is accepted there' },
    { name: 'into a value that is not an object', ref: '#/openapi/x', what: 'schema', want: 'cannot resolve schema reference "#/openapi/x": #/openapi is not an object; any value is accepted there' },
    { name: 'a fragment that is not a JSON pointer', ref: '#Pet', what: 'schema', want: 'cannot resolve schema reference "#Pet": "#Pet" is not a JSON pointer (it must start with "/"); any value is accepted there' },
    { name: 'a file that was not read: its own warning says why', ref: 'missing.yaml#/Pet', what: 'response', want: 'cannot resolve response reference "missing.yaml#/Pet"; the response is left out' },
    { name: 'a kind with no stated consequence', ref: '#/components/schemas/Pets', what: 'schema map', want: 'cannot resolve schema map reference "#/components/schemas/Pets": no "Pets" in #/components/schemas (close matches: Pet)' },
  ])('$name', ({ ref, what, want }) => {
    expect(unresolvedRefMessage(spec, ROOT, ref, what)).toBe(want);
  });

  it('without the consequence (a tool manifest fails instead)', () => {
    expect(unresolvedRefMessage(spec, ROOT, '#/components/schemas/Pets', 'schema', false)).toBe('cannot resolve schema reference "#/components/schemas/Pets": no "Pets" in #/components/schemas (close matches: Pet)');
  });
});
