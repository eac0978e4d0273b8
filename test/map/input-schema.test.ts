import { describe, expect, it } from 'vitest';
import { buildInputSchema } from '../../src/map/input-schema.js';
import { SchemaBundler } from '../../src/map/schema-bundle.js';
import type { RequestBody, SecurityScheme } from '../../src/model/api-model.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { operation, param } from './operation-builder.js';

const source = { file: 'file:///spec.json', pointer: '/b' };
function body(schema: JsonSchema, extra: Partial<RequestBody> = {}): RequestBody {
  return { required: true, mediaType: 'application/json', mediaTypes: ['application/json'], schema, source, ...extra };
}
function build(op: ReturnType<typeof operation>, defs: Record<string, JsonSchema> = {}, securitySchemes: Record<string, SecurityScheme> = {}) {
  return buildInputSchema(op, { bundler: new SchemaBundler(defs), securitySchemes, isSensitive: () => false });
}

describe('buildInputSchema', () => {
  it('merges path, query, header and cookie parameters in that order with required right', () => {
    const r = build(operation({
      parameters: [
        param('limit', 'query', { type: 'integer' }),
        param('session_hint', 'cookie', { type: 'string' }),
        param('id', 'path', { type: 'string' }, { description: 'The id' }),
        param('X-Trace', 'header', { type: 'string' }, { required: true }),
      ],
    }));
    expect(Object.keys(r.schema.properties as object)).toEqual(['id', 'limit', 'X-Trace', 'session_hint']);
    expect(r.schema.required).toEqual(['id', 'X-Trace']);
    expect(r.schema.additionalProperties).toBe(false);
    expect((r.schema.properties as Record<string, unknown>).id).toEqual({ type: 'string', minLength: 1, description: 'The id', 'x-mcp-header': 'id' });
    expect(r.arguments.session_hint).toEqual({ in: 'cookie', name: 'session_hint', required: false, style: 'form', explode: true });
  });

  it('gives clashing names across locations distinct readable names and keeps a clashing body whole', () => {
    const r = build(operation({
      method: 'put',
      parameters: [param('id', 'query', { type: 'string' }), param('id', 'path', { type: 'integer' }), param('id', 'header', { type: 'string' })],
      requestBody: body({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['name'] }),
    }));
    expect(Object.keys(r.schema.properties as object)).toEqual(['id', 'id_query', 'id_header', 'body']);
    expect(r.arguments).toMatchObject({
      id: { in: 'path', name: 'id' },
      id_query: { in: 'query', name: 'id' },
      id_header: { in: 'header', name: 'id' },
      body: { in: 'body', name: '', required: true },
    });
    expect(r.schema.required).toEqual(['id', 'body']);
  });

  it('flattens an object body (through $ref) when nothing clashes; required only when the body is', () => {
    const defs = { Pet: { type: 'object', properties: { name: { type: 'string' }, id: { type: 'integer', readOnly: true } }, required: ['name', 'id'] } };
    const r = build(operation({ method: 'post', requestBody: body({ $ref: '#/$defs/Pet' }) }), defs);
    expect(r.schema).toEqual({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false });
    expect(r.arguments.name).toEqual({ in: 'body', name: 'name', required: true });
    // An optional body that requires a property is one optional argument: no body, or a valid one.
    const optional = build(operation({ method: 'post', requestBody: body({ $ref: '#/$defs/Pet' }, { required: false }) }), defs);
    expect(optional.schema.required).toBeUndefined();
    expect(optional.arguments).toEqual({ body: { in: 'body', name: '', required: false } });
    const loose = { Pet: { type: 'object', properties: { name: { type: 'string' } } } };
    const optionalLoose = build(operation({ method: 'post', requestBody: body({ $ref: '#/$defs/Pet' }, { required: false }) }), loose);
    expect(optionalLoose.schema).toEqual({ type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false });
  });

  it('keeps arrays, compositions and maps as one body argument with their $defs', () => {
    const defs = { Item: { type: 'object', properties: { child: { $ref: '#/$defs/Item' } } } };
    const r = build(operation({ method: 'post', requestBody: body({ type: 'array', items: { $ref: '#/$defs/Item' } }) }), defs);
    expect(r.schema.properties).toEqual({ body: { type: 'array', items: { $ref: '#/$defs/Item' } } });
    expect(r.schema.$defs).toEqual(defs);
    const oneOf = build(operation({ method: 'post', requestBody: body({ oneOf: [{ type: 'object', properties: { a: {} } }] }) }));
    expect(Object.keys(oneOf.schema.properties as object)).toEqual(['body']);
    const map = build(operation({ method: 'post', requestBody: body({ type: 'object', properties: { a: {} }, additionalProperties: { type: 'string' } }) }));
    expect(Object.keys(map.schema.properties as object)).toEqual(['body']);
  });

  it('names the whole body requestBody when a parameter is called body', () => {
    const r = build(operation({ method: 'post', parameters: [param('body', 'query', { type: 'string' })], requestBody: body({ type: 'string' }) }));
    expect(Object.keys(r.schema.properties as object)).toEqual(['body', 'requestBody']);
    expect(r.arguments.requestBody).toEqual({ in: 'body', name: '', required: true });
  });

  it('drops Accept, Content-Type and Authorization headers and security-scheme parameters', () => {
    const schemes: Record<string, SecurityScheme> = {
      key: { type: 'apiKey', in: 'header', name: 'X-API-Key', source },
      q: { type: 'apiKey', in: 'query', name: 'api_key', source },
    };
    const r = build(operation({
      parameters: [
        param('Accept', 'header', { type: 'string' }),
        param('content-type', 'header', { type: 'string' }),
        param('Authorization', 'header', { type: 'string' }),
        param('x-api-key', 'header', { type: 'string' }),
        param('api_key', 'query', { type: 'string' }),
        param('q', 'query', { type: 'string' }),
      ],
      security: [{ key: [] }, { q: [] }],
    }), {}, schemes);
    expect(Object.keys(r.schema.properties as object)).toEqual(['q']);
  });

  it('uses additionalProperties false for tools without parameters', () => {
    expect(build(operation()).schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });
});
