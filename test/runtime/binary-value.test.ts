import { describe, expect, it } from 'vitest';
import { contentMediaTypeOf, decodeBase64, isBase64Schema, itemsSchema, propertySchema, resolveSchema } from '../../templates/runtime/binary-value.gen.js';
import type { JsonSchemaObject } from '../../templates/runtime/types.gen.js';

const ROOT: JsonSchemaObject = {
  type: 'object',
  $defs: {
    File: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' },
    Alias: { $ref: '#/$defs/File' },
    Loop: { $ref: '#/$defs/Loop' },
    'a/b': { type: 'string', contentEncoding: 'base64url' },
    Upload: { allOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { properties: { file: { $ref: '#/$defs/Alias' } } }] },
    Files: { type: 'array', items: { $ref: '#/$defs/File' } },
    Maybe: { anyOf: [{ $ref: '#/$defs/File' }, { type: 'null' }] },
  },
};

describe('schema lookups', () => {
  const cases: { name: string; given: () => unknown; want: unknown }[] = [
    { name: 'resolves a chain of refs', given: () => resolveSchema(ROOT, { $ref: '#/$defs/Alias' }), want: ROOT.$defs && (ROOT.$defs as Record<string, unknown>).File },
    { name: 'a ref cycle resolves to nothing', given: () => resolveSchema(ROOT, { $ref: '#/$defs/Loop' }), want: undefined },
    { name: 'a missing def', given: () => resolveSchema(ROOT, { $ref: '#/$defs/Nope' }), want: undefined },
    { name: 'an inherited name is not a def', given: () => resolveSchema(ROOT, { $ref: '#/$defs/__proto__' }), want: undefined },
    { name: 'JSON pointer escapes', given: () => isBase64Schema(ROOT, { $ref: '#/$defs/a~1b' }), want: true },
    { name: 'property through allOf and refs', given: () => isBase64Schema(ROOT, propertySchema(ROOT, { $ref: '#/$defs/Upload' }, 'file')), want: true },
    { name: 'a text property', given: () => isBase64Schema(ROOT, propertySchema(ROOT, { $ref: '#/$defs/Upload' }, 'name')), want: false },
    { name: 'an unknown property', given: () => propertySchema(ROOT, { $ref: '#/$defs/Upload' }, 'toString'), want: undefined },
    { name: 'nullable wrapper', given: () => isBase64Schema(ROOT, { $ref: '#/$defs/Maybe' }), want: true },
    { name: 'items of a list of files', given: () => isBase64Schema(ROOT, itemsSchema(ROOT, { $ref: '#/$defs/Files' })), want: true },
    { name: 'contentMediaType through a nullable wrapper', given: () => contentMediaTypeOf(ROOT, { $ref: '#/$defs/Maybe' }), want: 'image/png' },
    { name: 'no root', given: () => isBase64Schema(undefined, { type: 'string', contentEncoding: 'base64' }), want: true },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(given()).toEqual(want);
  });
});

describe('decodeBase64', () => {
  const cases: { name: string; given: string; want: { bytes: number[]; mediaType?: string } }[] = [
    { name: 'padded', given: 'AAEC/w==', want: { bytes: [0, 1, 2, 255] } },
    { name: 'unpadded', given: 'AAEC/w', want: { bytes: [0, 1, 2, 255] } },
    { name: 'base64url', given: 'AAEC_w', want: { bytes: [0, 1, 2, 255] } },
    { name: 'line breaks', given: 'AAEC\r\n/w==\n', want: { bytes: [0, 1, 2, 255] } },
    { name: 'empty', given: '', want: { bytes: [] } },
    { name: 'data URL', given: 'data:image/gif;base64,R0lG', want: { bytes: [0x47, 0x49, 0x46], mediaType: 'image/gif' } },
    { name: 'data URL with parameters', given: 'data:text/plain;charset=utf-8;base64,aGk=', want: { bytes: [0x68, 0x69], mediaType: 'text/plain' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const out = decodeBase64(given, 'f');
    expect({ bytes: [...out.bytes], ...(out.mediaType !== undefined ? { mediaType: out.mediaType } : {}) }).toEqual(want);
  });
  it('mixed alphabets are invalid', () => {
    expect(() => decodeBase64('AA+_', 'f')).toThrow('argument "f" must be base64-encoded bytes');
  });
});
