import { describe, expect, it } from 'vitest';
import type { HttpBinding } from '../../src/model/tool-model.js';
import { accepts, doc, mapDoc, ok, only, props } from './request-spec-kit.js';

/**
 * The shapes of issue 11 (found by calling every tool of real specs against Prism with request
 * validation on), each as a tiny in-memory spec run through normalize + map: the tool must accept
 * exactly the arguments that make a request the spec allows, and say so when it had to repair the spec.
 * Here: request bodies (optional ones that require properties, nullable required ones, GET and HEAD
 * bodies). Values a request cannot carry empty are in empty-values.test.ts.
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
