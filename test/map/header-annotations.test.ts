import { describe, expect, it } from 'vitest';
import { buildInputSchema } from '../../src/map/input-schema.js';
import { SchemaBundler } from '../../src/map/schema-bundle.js';
import { isSensitiveParameter } from '../../src/map/sensitive.js';
import type { Parameter } from '../../src/model/api-model.js';
import type { JsonSchema } from '../../src/model/json-schema.js';
import { operation, param } from './operation-builder.js';

const SAFE = Number.MAX_SAFE_INTEGER;
const defs: Record<string, JsonSchema> = {
  Owner: { type: 'string', description: 'owner def' },
  NullableId: { type: ['integer', 'null'], maximum: 1e300 },
  Obj: { type: 'object' },
};

/** The property schema for one parameter, after the header rules ran. */
function property(p: Parameter, sensitivePatterns?: string[]): Record<string, unknown> {
  const r = buildInputSchema(operation({ parameters: [p] }), {
    bundler: new SchemaBundler(defs),
    securitySchemes: {},
    isSensitive: (name, format) => isSensitiveParameter(format === undefined ? { name } : { name, format }, sensitivePatterns),
  });
  return (r.schema.properties as Record<string, Record<string, unknown>>)[Object.keys(r.arguments)[0]!]!;
}

describe('x-mcp-header eligibility', () => {
  const cases: { name: string; given: Parameter; want: string | undefined }[] = [
    { name: 'path string', given: param('owner', 'path', { type: 'string' }), want: 'owner' },
    { name: 'header string', given: param('X-Region', 'header', { type: 'string' }), want: 'X-Region' },
    { name: 'boolean header', given: param('X-Dry-Run', 'header', { type: 'boolean' }), want: 'X-Dry-Run' },
    { name: 'string enum without type', given: param('X-Mode', 'header', { enum: ['a', 'b'] }), want: 'X-Mode' },
    { name: 'query is never annotated', given: param('region', 'query', { type: 'string' }), want: undefined },
    { name: 'cookie is never annotated', given: param('region', 'cookie', { type: 'string' }), want: undefined },
    { name: 'number is not primitive enough', given: param('X-Ratio', 'header', { type: 'number' }), want: undefined },
    { name: 'array', given: param('ids', 'path', { type: 'array', items: { type: 'string' } }), want: undefined },
    { name: 'object by $ref', given: param('o', 'path', { $ref: '#/$defs/Obj' }), want: undefined },
    { name: 'oneOf', given: param('o', 'path', { oneOf: [{ type: 'string' }, { type: 'integer' }] }), want: undefined },
    { name: 'two real types', given: param('o', 'path', { type: ['string', 'integer'] }), want: undefined },
    { name: 'name not a token', given: param('user id', 'path', { type: 'string' }), want: undefined },
    { name: 'parameter declared with content', given: param('X-Json', 'header', { type: 'string' }, { contentType: 'application/json' }), want: undefined },
    { name: 'password', given: param('X-Password', 'header', { type: 'string' }), want: undefined },
    { name: 'token', given: param('X-Auth-Token', 'header', { type: 'string' }), want: undefined },
    { name: 'api key', given: param('X-Api-Key', 'header', { type: 'string' }), want: undefined },
    { name: 'session', given: param('X-Session-Id', 'header', { type: 'string' }), want: undefined },
    { name: 'csrf', given: param('X-CSRF-Token', 'header', { type: 'string' }), want: undefined },
    { name: 'email by name', given: param('email', 'path', { type: 'string' }), want: undefined },
    { name: 'email by format', given: param('who', 'path', { type: 'string', format: 'email' }), want: undefined },
    { name: 'password by format', given: param('who', 'header', { type: 'string', format: 'password' }), want: undefined },
    { name: 'phone', given: param('phone_number', 'path', { type: 'string' }), want: undefined },
    { name: 'card number', given: param('card_number', 'path', { type: 'string' }), want: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(property(c.given)['x-mcp-header']).toBe(c.want);
    });
  }

  it('inlines a $ref primitive and keeps its description', () => {
    expect(property(param('owner', 'path', { $ref: '#/$defs/Owner', description: 'who' }))).toEqual({ type: 'string', description: 'who', 'x-mcp-header': 'owner' });
  });

  it('makes integers safe and drops null from the type', () => {
    expect(property(param('id', 'path', { $ref: '#/$defs/NullableId' }))).toEqual({ type: 'integer', minimum: -SAFE, maximum: SAFE, 'x-mcp-header': 'id' });
    expect(property(param('n', 'path', { type: 'integer', minimum: 1, maximum: 10 }))).toEqual({ type: 'integer', minimum: 1, maximum: 10, 'x-mcp-header': 'n' });
  });

  it('lets users extend the sensitive list', () => {
    expect(property(param('tenant', 'path', { type: 'string' }), ['tenant'])['x-mcp-header']).toBeUndefined();
  });

  it('annotates one of two values that clash case-insensitively: the path parameter wins', () => {
    const r = buildInputSchema(operation({ parameters: [param('Region', 'header', { type: 'string' }), param('region', 'path', { type: 'string' })] }), {
      bundler: new SchemaBundler({}),
      securitySchemes: {},
      isSensitive: () => false,
    });
    const props = r.schema.properties as Record<string, Record<string, unknown>>;
    expect(props.region!['x-mcp-header']).toBe('region');
    expect(props.Region!['x-mcp-header']).toBeUndefined();
  });
});
