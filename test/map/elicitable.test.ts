import { describe, expect, it } from 'vitest';
import { elicitableArguments } from '../../src/map/elicitable.js';
import type { JsonSchemaObject } from '../../src/model/json-schema.js';

const schema = (properties: Record<string, unknown>, required: string[], $defs?: Record<string, unknown>): JsonSchemaObject => ({
  type: 'object',
  properties,
  required,
  ...($defs !== undefined ? { $defs } : {}),
});

describe('elicitableArguments', () => {
  const cases: Array<{ name: string; given: JsonSchemaObject; extra?: string[]; want: string[] | undefined }> = [
    { name: 'required primitives, in required order', given: schema({ b: { type: 'integer' }, a: { type: 'string' }, c: { type: 'boolean' } }, ['c', 'a', 'b']), want: ['c', 'a', 'b'] },
    { name: 'optional arguments are never asked', given: schema({ a: { type: 'string' }, b: { type: 'string' } }, ['a']), want: ['a'] },
    { name: 'string enums and nullable strings', given: schema({ e: { enum: ['x', 'y', null] }, n: { type: ['string', 'null'] } }, ['e', 'n']), want: ['e', 'n'] },
    { name: 'a local $ref to a primitive is followed once', given: schema({ s: { $ref: '#/$defs/Size' } }, ['s'], { Size: { type: 'string', enum: ['s', 'l'] } }), want: ['s'] },
    { name: 'objects, arrays, integer enums and unions are not form fields', given: schema({ o: { type: 'object' }, l: { type: 'array' }, i: { enum: [1, 2] }, u: { anyOf: [{ type: 'string' }] } }, ['o', 'l', 'i', 'u']), want: undefined },
    { name: 'a $ref to a $ref or outside $defs is not followed', given: schema({ r: { $ref: '#/$defs/A' }, x: { $ref: 'other.json' } }, ['r', 'x'], { A: { $ref: '#/$defs/B' }, B: { type: 'string' } }), want: undefined },
    { name: 'sensitive names, formats and descriptions are never asked', given: schema({ password: { type: 'string' }, api_key: { type: 'string' }, mail: { type: 'string', format: 'email' }, code: { type: 'string', description: 'Your API key.' }, city: { type: 'string' } }, ['password', 'api_key', 'mail', 'code', 'city']), want: ['city'] },
    { name: 'writeOnly, password and binary strings are never asked', given: schema({ w: { type: 'string', writeOnly: true }, p: { type: 'string', format: 'password' }, f: { type: 'string', format: 'binary' } }, ['w', 'p', 'f']), want: undefined },
    { name: 'binary content (base64, a media type) is never asked', given: schema({ file: { type: 'string', contentEncoding: 'base64' }, doc: { type: 'string', contentMediaType: 'text/csv' } }, ['file', 'doc']), want: undefined },
    { name: 'extra sensitive names (--sensitive) count too', given: schema({ tenantId: { type: 'string' }, city: { type: 'string' } }, ['tenantId', 'city']), extra: ['tenant id'], want: ['city'] },
    { name: 'a required name without a property is skipped', given: schema({}, ['ghost']), want: undefined },
  ];
  for (const { name, given, extra, want } of cases) {
    it(name, () => expect(elicitableArguments(given, extra)).toEqual(want));
  }
});
