import { describe, expect, it } from 'vitest';
import { accepts, doc, mapDoc, ok, only, props } from './request-spec-kit.js';

/**
 * Arguments whose empty value ("", [], {}) a request cannot carry: it would be left out or read
 * as missing, so the schema says minLength/minItems/minProperties 1 (found by calling every tool
 * of Slack, Asana, Docker, the Petstore, Twilio, GitHub and Stripe against Prism --errors).
 */
describe('path parameters', () => {
  it('say they cannot be empty where an empty value cannot be sent', () => {
    const spec = doc({
      '/p/{id}/{tags}/{filter}/{file}.json/{label}/{workflow}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'tags', in: 'path', required: true, schema: { type: 'array', items: { type: 'string' } } },
            { name: 'filter', in: 'path', required: true, schema: { type: 'object', properties: { a: { type: 'string' } } } },
            { name: 'file', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'label', in: 'path', required: true, style: 'label', schema: { type: 'string' } },
            // GitHub's `workflow_id`: an id or a file name.
            { name: 'workflow', in: 'path', required: true, schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
          ],
          ...ok,
        },
      },
    });
    const tool = only(mapDoc(spec).tools);
    const p = tool.definition.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(p.id!.minLength).toBe(1);
    expect(p.tags!.minItems).toBe(1);
    expect(p.filter!.minProperties).toBe(1);
    // `{file}.json` with "" gives `/.json`, which no route with a parameter there matches
    // (Twilio's `/Participants/{CallSid}.json`: Prism "Request path must have required property 'callsid'").
    expect(p.file!.minLength).toBe(1);
    expect(p.label!.minLength).toBeUndefined(); // label style: "" gives "."
    const valid = { id: 'x', tags: ['a'], filter: { a: 'x' }, file: 'f', label: '', workflow: 'ci.yml' };
    expect(accepts(tool, valid)).toBe(true);
    expect(accepts(tool, { ...valid, workflow: 7 })).toBe(true);
    expect(accepts(tool, { ...valid, id: '' })).toBe(false);
    expect(accepts(tool, { ...valid, tags: [] })).toBe(false);
    expect(accepts(tool, { ...valid, file: '' })).toBe(false);
    expect(accepts(tool, { ...valid, workflow: '' })).toBe(false);
  });
});

describe('required query and header parameters', () => {
  // Found in Slack (`token=`), Asana (`workspace=`), Docker (`term=`) and the Petstore
  // (`status: []`): the request leaves the parameter out or sends it empty, which the API reads as missing.
  const spec = doc({
    '/q': {
      get: {
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } },
          { name: 'filter', in: 'query', required: true, style: 'deepObject', schema: { type: 'object', properties: { a: { type: 'string' } } } },
          { name: 'blank', in: 'query', required: true, allowEmptyValue: true, schema: { type: 'string' } },
          { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['', 'asc'] } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
          { name: 'X-Token', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'X-Note', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
        ],
        ...ok,
      },
    },
  });
  const valid = { q: 'x', tags: ['a'], filter: { a: 'x' }, blank: '', sort: '', cursor: '', 'X-Token': 't', 'X-Note': '', session: '' };

  it('cannot be empty: a string has minLength 1, a list minItems 1, an object minProperties 1', () => {
    const tool = only(mapDoc(spec).tools);
    expect(accepts(tool, valid)).toBe(true);
    expect(accepts(tool, { ...valid, q: '' })).toBe(false);
    expect(accepts(tool, { ...valid, tags: [] })).toBe(false);
    expect(accepts(tool, { ...valid, filter: {} })).toBe(false);
    expect(accepts(tool, { ...valid, 'X-Token': '' })).toBe(false);
  });

  it('may be empty with allowEmptyValue, with an enum that lists "", when optional, or as a cookie', () => {
    const p = only(mapDoc(spec).tools).definition.inputSchema.properties as Record<string, Record<string, unknown>>;
    for (const name of ['blank', 'sort', 'cursor', 'X-Note', 'session']) expect([name, p[name]!.minLength]).toEqual([name, undefined]);
  });

  it('Swagger 2.0 parameters too', () => {
    const v2 = { swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/q': { get: { parameters: [{ name: 'q', in: 'query', required: true, type: 'string' }, { name: 'ids', in: 'query', required: true, type: 'array', items: { type: 'integer' } }, { name: 'e', in: 'query', required: true, allowEmptyValue: true, type: 'string' }], responses: { '204': { description: 'ok' } } } } } };
    const p = only(mapDoc(v2).tools).definition.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect([p.q!.minLength, p.ids!.minItems, p.e!.minLength]).toEqual([1, 1, undefined]);
  });
});

describe('required members of a form body', () => {
  // Stripe (`line_items: []`, `features: {}`): an empty list, or an empty object sent by style,
  // gives no name/value pair, so the member is missing ("Body parameter is required").
  const schema = {
    type: 'object',
    required: ['items', 'features', 'meta', 'tags', 'either'],
    properties: {
      items: { type: 'array', items: { type: 'string' } },
      features: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: { type: 'string' } }, note: { type: 'string' } } },
      meta: { type: 'object', properties: { a: { type: 'string' } } },
      tags: { type: 'array', items: { type: 'string' } },
      either: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string', enum: [''] }] },
      optional: { type: 'array', items: { type: 'string' } },
    },
  };
  const valid = { items: ['a'], features: { list: ['x'] }, meta: {}, tags: [], either: '', optional: [] };
  const encoding = { features: { style: 'deepObject', explode: true }, tags: { contentType: 'application/json' } };
  const spec = (mediaType: string, required: boolean) => doc({ '/f': { post: { requestBody: { required, content: { [mediaType]: { schema, encoding } } }, ...ok } } });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data'])('cannot be empty where nothing would be sent (%s)', (mediaType) => {
    const tool = only(mapDoc(spec(mediaType, true)).tools);
    expect(accepts(tool, valid)).toBe(true);
    expect(accepts(tool, { ...valid, items: [] })).toBe(false);
    expect(accepts(tool, { ...valid, features: {} })).toBe(false);
    expect(accepts(tool, { ...valid, features: { list: [] } })).toBe(false); // deepObject: features[list][] is nothing too
    expect(accepts(tool, { ...valid, either: [] })).toBe(false);
  });

  it('in a body that stays one argument too', () => {
    const tool = only(mapDoc(spec('application/x-www-form-urlencoded', false)).tools);
    expect(props(tool)).toEqual(['body']);
    expect(accepts(tool, { body: valid })).toBe(true);
    expect(accepts(tool, { body: { ...valid, items: [] } })).toBe(false);
  });

  it('but a JSON body, or a member sent as JSON text (an object without encoding, a JSON part), keeps [] and {}', () => {
    expect(accepts(only(mapDoc(spec('application/json', true)).tools), { ...valid, items: [], features: { list: [] } })).toBe(true);
  });
});
