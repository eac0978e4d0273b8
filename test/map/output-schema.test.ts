import { describe, expect, it } from 'vitest';
import { buildOutputSchema } from '../../src/map/output-schema.js';
import { SchemaBundler } from '../../src/map/schema-bundle.js';
import type { Response } from '../../src/model/api-model.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { operation } from './operation-builder.js';

const source = { file: 'file:///s.json', pointer: '/r' };
function response(status: string, content: { mediaType: string; schema?: JsonSchema }[]): Response {
  return { status, content, source };
}
function out(responses: Response[], defs: Record<string, JsonSchema> = {}) {
  return buildOutputSchema(operation({ responses }), new SchemaBundler(defs));
}

describe('buildOutputSchema', () => {
  it('takes the first 2xx JSON response with a schema, 200 before 201 before 2XX', () => {
    const r = out([
      response('2XX', [{ mediaType: 'application/json', schema: { type: 'object', properties: { c: {} } } }]),
      response('201', [{ mediaType: 'application/json', schema: { type: 'object', properties: { b: {} } } }]),
      response('default', [{ mediaType: 'application/json', schema: { type: 'object', properties: { e: {} } } }]),
      response('204', []),
    ]);
    expect(r).toEqual({ schema: { type: 'object', properties: { b: {} } }, status: '201', mediaType: 'application/json' });
  });

  it('skips non-JSON media and responses without schema', () => {
    expect(out([response('200', [{ mediaType: 'text/plain', schema: { type: 'string' } }])])).toBeUndefined();
    const r = out([response('200', [{ mediaType: 'application/xml', schema: { type: 'object' } }, { mediaType: 'application/vnd.api+json', schema: { type: 'object' } }])]);
    expect(r?.mediaType).toBe('application/vnd.api+json');
  });

  it('wraps non-object results under "result"', () => {
    const r = out([response('200', [{ mediaType: 'application/json', schema: { type: 'array', items: { $ref: '#/$defs/Pet' } } }])], { Pet: { type: 'object' } });
    expect(r).toEqual({
      schema: { type: 'object', properties: { result: { type: 'array', items: { $ref: '#/$defs/Pet' } } }, required: ['result'], $defs: { Pet: { type: 'object' } } },
      status: '200',
      mediaType: 'application/json',
      wrappedIn: 'result',
    });
    expect(out([response('200', [{ mediaType: 'application/json', schema: { type: ['object', 'null'] } }])])?.wrappedIn).toBe('result');
    expect(out([response('200', [{ mediaType: 'application/json', schema: { oneOf: [{ type: 'object' }] } }])])?.wrappedIn).toBe('result');
  });

  it('inlines a root $ref to an object, keeps recursion through $defs, drops writeOnly', () => {
    const defs: Record<string, JsonSchema> = {
      Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' }, secret: { type: 'string', writeOnly: true } }, required: ['secret'] },
    };
    const r = out([response('200', [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Node' } }])], defs);
    expect(r?.schema).toEqual({
      type: 'object',
      properties: { next: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    });
    expect(r?.wrappedIn).toBeUndefined();
  });

  it('treats an allOf of objects as an object root', () => {
    const r = out([response('200', [{ mediaType: 'application/json', schema: { allOf: [{ $ref: '#/$defs/A' }, { type: 'object', properties: { b: {} } }] } }])], { A: { type: 'object', properties: { a: {} } } });
    expect(r?.wrappedIn).toBeUndefined();
    expect(r?.schema?.type).toBe('object');
    expect(Object.keys(r?.schema?.$defs as object)).toEqual(['A']);
  });
});
