import { describe, expect, it } from 'vitest';
import { accepts, ajv, doc, mapDoc, ok, only } from './request-spec-kit.js';

/**
 * The shapes of issue 11 (found by calling every tool of real specs against Prism with request
 * validation on), each as a tiny in-memory spec run through normalize + map: the tool must accept
 * exactly the arguments that make a request the spec allows, and say so when it had to repair the spec.
 * Here: schemas (a "required" the schema forbids, readOnly properties in compositions, discriminators).
 */
describe('"required" naming a property the schema forbids', () => {
  const typo = { type: 'object', additionalProperties: false, required: ['name', 'nmae'], properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } };

  it('drops the name with a warning, so the tool can be called', () => {
    const spec = doc({ '/t': { post: { requestBody: { required: true, content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } }, ...ok } } }, { components: { schemas: { Thing: typo } } });
    const { tools, diagnostics } = mapDoc(spec);
    const tool = only(tools);
    expect(accepts(tool, { body: [{ name: 'a' }] })).toBe(true);
    expect(diagnostics).toEqual(['schema-required-undefined /components/schemas/Thing/required: "required" names "nmae", which "properties" does not define and "additionalProperties: false" forbids; not required']);
  });

  it('leaves "required" alone where the property may still be sent (open additionalProperties)', () => {
    const open = { ...typo, additionalProperties: true };
    const spec = doc({ '/t': { post: { requestBody: { required: true, content: { 'application/json': { schema: { type: 'array', items: open } } } }, ...ok } } });
    const { tools, diagnostics } = mapDoc(spec);
    expect(diagnostics).toEqual([]);
    expect(accepts(only(tools), { body: [{ name: 'a' }] })).toBe(false);
    expect(accepts(only(tools), { body: [{ name: 'a', nmae: 1 }] })).toBe(true);
  });
});

describe('readOnly properties and compositions in requests', () => {
  const withId = (extra: Record<string, unknown>) => ({ type: 'object', properties: { id: { type: 'string', readOnly: true }, created: { type: 'string', readOnly: true }, ...extra } });
  const oneOfSpec = (members: unknown[]) =>
    doc({ '/r': { post: { requestBody: { required: true, content: { 'application/json': { schema: { oneOf: members } } } }, ...ok } } });

  it('oneOf branches made identical by removing readOnly properties are merged, with a warning', () => {
    const { tools, diagnostics } = mapDoc(oneOfSpec([withId({}), { ...withId({}), required: ['id'] }, { type: 'object', properties: { created: { type: 'string', readOnly: true } } }]));
    const tool = only(tools);
    expect(accepts(tool, { body: {} })).toBe(true);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatch(/^schema-oneof-loosened \/paths\/~1r\/post: .*oneOf.*readOnly/);
  });

  it('oneOf branches where one became a subset of another are loosened to anyOf, with a warning', () => {
    const { tools, diagnostics } = mapDoc(oneOfSpec([withId({ name: { type: 'string' } }), withId({})]));
    const tool = only(tools);
    expect(accepts(tool, { body: { name: 'x' } })).toBe(true);
    expect(diagnostics).toHaveLength(1);
  });

  it('oneOf branches that stay distinct are left alone and nothing is said', () => {
    const { tools, diagnostics } = mapDoc(oneOfSpec([
      { type: 'object', required: ['kind'], properties: { kind: { const: 'a' }, id: { type: 'string', readOnly: true } } },
      { type: 'object', required: ['kind'], properties: { kind: { const: 'b' } } },
    ]));
    expect(diagnostics).toEqual([]);
    expect(JSON.stringify(only(tools).definition.inputSchema)).toContain('"oneOf"');
  });

  it('a required readOnly property brought in by allOf is not required in the request', () => {
    const spec = doc(
      { '/r': { post: { requestBody: { required: true, content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['id', 'name'] }] } } } }, ...ok } } },
      { components: { schemas: { Base: withId({ name: { type: 'string' } }) } } },
    );
    const tool = only(mapDoc(spec).tools);
    expect(accepts(tool, { body: { name: 'x' } })).toBe(true);
    expect(accepts(tool, { body: {} })).toBe(false);
  });

  it('readOnly properties required by oneOf branches of the same object are not required', () => {
    const spec = doc({
      '/r': { post: { requestBody: { required: true, content: { 'application/json': { schema: { ...withId({ name: { type: 'string' } }), oneOf: [{ required: ['id'] }, { required: ['created'] }] } } } }, ...ok } },
    });
    const tool = only(mapDoc(spec).tools);
    expect(accepts(tool, { body: { name: 'x' } })).toBe(true);
  });

  it('writeOnly branches of a response oneOf are merged the same way', () => {
    const spec = doc({
      '/r': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { oneOf: [{ type: 'object', properties: { secret: { type: 'string', writeOnly: true } } }, { type: 'object', properties: { pin: { type: 'string', writeOnly: true } } }] } } } } } } },
    });
    const { tools, diagnostics } = mapDoc(spec);
    const out = only(tools).definition.outputSchema!;
    expect(ajv.validate(out, { result: {} }) || ajv.validate(out, {})).toBe(true);
    expect(diagnostics).toHaveLength(1);
  });
});

describe('discriminator mappings', () => {
  const pets = {
    components: {
      schemas: {
        Cat: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, name: { type: 'string' } } },
        Dog: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, name: { type: 'string' }, bark: { type: 'boolean' } } },
      },
    },
  };
  const spec = doc(
    {
      '/pets': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
                  discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog', hound: '#/components/schemas/Dog' } },
                },
              },
            },
          },
          ...ok,
        },
      },
    },
    pets,
  );

  it('the mapped value picks exactly one branch (a cat matches Dog too without it)', () => {
    const tool = only(mapDoc(spec).tools);
    expect(accepts(tool, { body: { petType: 'cat', name: 'Tom' } })).toBe(true);
    expect(accepts(tool, { body: { petType: 'hound', name: 'Rex', bark: true } })).toBe(true);
    expect(accepts(tool, { body: { petType: 'dog', name: 'Rex' } })).toBe(true);
    expect(accepts(tool, { body: { petType: 'cow', name: 'Rex' } })).toBe(false);
  });

  it('without a mapping, the schema names are the values', () => {
    const implicit = structuredClone(spec) as any;
    delete implicit.paths['/pets'].post.requestBody.content['application/json'].schema.discriminator.mapping;
    const tool = only(mapDoc(implicit).tools);
    expect(accepts(tool, { body: { petType: 'Cat', name: 'Tom' } })).toBe(true);
    expect(accepts(tool, { body: { petType: 'Dog', name: 'Rex' } })).toBe(true);
  });
});

describe('a discriminator on the base schema the branches extend', () => {
  it('pins each branch to its schema name, so a value picks one', () => {
    const spec = doc(
      { '/pets': { patch: { requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] } } } }, ...ok } } },
      {
        components: {
          schemas: {
            Pet: { type: 'object', required: ['pet_type'], properties: { pet_type: { type: 'string' } }, discriminator: { propertyName: 'pet_type' } },
            Dog: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { bark: { type: 'boolean' } } }] },
            Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { hunts: { type: 'boolean' } } }] },
          },
        },
      },
    );
    const tool = only(mapDoc(spec).tools);
    expect(accepts(tool, { body: { pet_type: 'Cat', hunts: true } })).toBe(true);
    expect(accepts(tool, { body: { pet_type: 'Dog' } })).toBe(true);
    expect(accepts(tool, { body: { pet_type: 'Cow' } })).toBe(false);
  });
});
