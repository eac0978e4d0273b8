import { describe, expect, it } from 'vitest';
import type { HttpBinding } from '../../src/model/tool-model.js';
import { accepts, ajv, doc, mapDoc, ok, only, props } from './request-spec-kit.js';

/**
 * The shapes of issue 11 (found by calling every tool of real specs against Prism with request
 * validation on), each as a tiny in-memory spec run through normalize + map: the tool must accept
 * exactly the arguments that make a request the spec allows, and say so when it had to repair the spec.
 * Values a request cannot carry empty are in empty-values.test.ts.
 */
describe('an optional request body whose schema requires properties', () => {
  const optionalBody = doc({
    '/optional-body': {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } } } },
        },
        ...ok,
      },
    },
  });

  it('is one optional "body" argument: no body, or a body with its required properties', () => {
    const tool = only(mapDoc(optionalBody).tools);
    expect(props(tool)).toEqual(['body']);
    expect(tool.definition.inputSchema.required).toBeUndefined();
    expect(accepts(tool, {})).toBe(true);
    expect(accepts(tool, { body: { name: 'n', note: 'x' } })).toBe(true);
    expect(accepts(tool, { body: { note: 'x' } })).toBe(false);
    expect((tool.binding as HttpBinding).arguments.body).toEqual({ in: 'body', name: '', required: false });
  });

  it('still flattens an optional body that requires nothing, and a required body', () => {
    const noRequired = structuredClone(optionalBody) as any;
    delete noRequired.paths['/optional-body'].post.requestBody.content['application/json'].schema.required;
    expect(props(only(mapDoc(noRequired).tools))).toEqual(['name', 'note']);
    const required = structuredClone(optionalBody) as any;
    required.paths['/optional-body'].post.requestBody.required = true;
    const tool = only(mapDoc(required).tools);
    expect(props(tool)).toEqual(['name', 'note']);
    expect(tool.definition.inputSchema.required).toEqual(['name']);
  });

  it('flattens an optional body whose only required properties are readOnly', () => {
    const spec = doc({
      '/p': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true }, note: { type: 'string' } } } } } }, ...ok } },
    });
    expect(props(only(mapDoc(spec).tools))).toEqual(['note']);
  });
});

describe('a required request body whose schema is nullable', () => {
  // GitHub's gist update: `required: true` with `nullable: true`. A JSON null body is read as no
  // body (Prism: "Body parameter is required"), and the server refuses to send one for null.
  const gist = (required: boolean) => doc({
    '/gists/{id}': {
      patch: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required, content: { 'application/json': { schema: { type: 'object', nullable: true, properties: { description: { type: 'string' } } } } } },
        ...ok,
      },
    },
  });

  it('is not null, so it is flattened like any required object body', () => {
    const tool = only(mapDoc(gist(true)).tools);
    expect(props(tool)).toEqual(['id', 'description']);
    expect(accepts(tool, { id: 'g', description: 'd' })).toBe(true);
  });

  it('stays nullable when optional (null is "no body" there)', () => {
    const tool = only(mapDoc(gist(false)).tools);
    expect(props(tool)).toEqual(['id', 'body']);
    expect(accepts(tool, { id: 'g', body: null })).toBe(true);
  });
});

describe('a GET or HEAD request body', () => {
  const form = (properties: Record<string, unknown>) => ({ content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties, additionalProperties: false } } } });

  it('is ignored with a warning: no request can carry it (the server refused every call that gave it)', () => {
    const spec = doc({
      '/search': {
        get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], requestBody: form({ filter: { type: 'string' } }), ...ok },
        head: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, ...ok },
        post: { requestBody: form({ filter: { type: 'string' } }), ...ok },
      },
    });
    const { tools, diagnostics } = mapDoc(spec);
    const byMethod = Object.fromEntries(tools.map((t) => [(t.binding as HttpBinding).method.toLowerCase(), t]));
    expect(['get', 'head', 'post'].map((m) => props(byMethod[m]!))).toEqual([['q'], [], ['filter']]);
    expect(['get', 'head', 'post'].map((m) => (byMethod[m]!.binding as HttpBinding).body?.mediaType)).toEqual([undefined, undefined, 'application/x-www-form-urlencoded']);
    expect(diagnostics).toEqual([
      'request-body-ignored /paths/~1search/get/requestBody: a GET request cannot carry a body; the request body is ignored',
      'request-body-ignored /paths/~1search/head/requestBody: a HEAD request cannot carry a body; the request body is ignored',
    ]);
  });

  it('is ignored silently when it could hold nothing (Stripe\'s GETs declare an empty form)', () => {
    const { tools, diagnostics } = mapDoc(doc({ '/charges': { get: { requestBody: form({}), ...ok } } }));
    expect([props(only(tools)), diagnostics]).toEqual([[], []]);
  });

  it('Swagger 2.0 too', () => {
    const v2 = { swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/s': { get: { consumes: ['application/json'], parameters: [{ name: 'body', in: 'body', schema: { type: 'object', properties: { a: { type: 'string' } } } }], responses: { '204': { description: 'ok' } } } } } };
    const { tools, diagnostics } = mapDoc(v2);
    expect(props(only(tools))).toEqual([]);
    expect(diagnostics).toHaveLength(1);
  });
});

describe('credential parameters follow the operation\'s effective security', () => {
  const schemes = { components: { securitySchemes: { appId: { type: 'apiKey', in: 'header', name: 'X-App-Id' }, token: { type: 'http', scheme: 'bearer' } } } };
  const header = { name: 'x-app-id', in: 'header', required: true, schema: { type: 'string' } };

  it('keeps a required header named like a scheme the operation does not use', () => {
    const spec = doc({ '/a': { get: { security: [{ token: [] }], parameters: [header], ...ok } } }, schemes);
    const tool = only(mapDoc(spec).tools);
    expect(props(tool)).toEqual(['x-app-id']);
    expect(tool.definition.inputSchema.required).toEqual(['x-app-id']);
  });

  it('keeps it when the root security does not name the scheme either, and drops it when it does', () => {
    const unused = doc({ '/a': { get: { parameters: [header], ...ok } } }, { ...schemes, security: [{ token: [] }] });
    expect(props(only(mapDoc(unused).tools))).toEqual(['x-app-id']);
    const used = doc({ '/a': { get: { parameters: [header], ...ok } } }, { ...schemes, security: [{ token: [] }, { appId: [] }] });
    expect(props(only(mapDoc(used).tools))).toEqual([]);
    const opLevel = doc({ '/a': { get: { security: [{ appId: [] }], parameters: [header], ...ok } } }, schemes);
    expect(props(only(mapDoc(opLevel).tools))).toEqual([]);
  });

  it('keeps it on an operation with no security at all', () => {
    const spec = doc({ '/a': { get: { security: [], parameters: [header], ...ok } } }, { ...schemes, security: [{ appId: [] }] });
    expect(props(only(mapDoc(spec).tools))).toEqual(['x-app-id']);
  });
});

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

describe('parameters', () => {
  it('a path-level header and an operation-level one differing only in case are one argument: the operation\'s', () => {
    const spec = doc({
      '/h': {
        parameters: [{ name: 'X-Foo', in: 'header', schema: { type: 'string' }, description: 'path level' }],
        get: { parameters: [{ name: 'x-foo', in: 'header', required: true, schema: { type: 'string' } }], ...ok },
      },
    });
    const tool = only(mapDoc(spec).tools);
    expect(props(tool)).toEqual(['x-foo']);
    expect(tool.definition.inputSchema.required).toEqual(['x-foo']);
  });

  it('query parameters keep case-sensitive names', () => {
    const spec = doc({ '/q': { parameters: [{ name: 'Q', in: 'query', schema: { type: 'string' } }], get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], ...ok } } });
    expect(props(only(mapDoc(spec).tools))).toEqual(['Q', 'q']);
  });

  it('a query parameter named "" is dropped with a warning, like a header named ""', () => {
    const spec = doc({
      '/e': { get: { parameters: [{ name: '', in: 'query', schema: { type: 'string' } }, { name: '', in: 'header', schema: { type: 'string' } }, { name: 'ok', in: 'query', schema: { type: 'string' } }], ...ok } },
    });
    const { tools, diagnostics } = mapDoc(spec);
    expect(props(only(tools))).toEqual(['ok']);
    expect(diagnostics).toEqual([
      'parameter-name-invalid /paths/~1e/get/parameters/0: query parameter name "" is empty and cannot be sent; ignored',
      'parameter-name-invalid /paths/~1e/get/parameters/1: header parameter name "" is not a valid HTTP token and cannot be sent; ignored',
    ]);
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
