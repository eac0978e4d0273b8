import { describe, expect, it } from 'vitest';
import { serializeBody, type BodySource, type BodySpec } from '../../templates/runtime/serialize-body.gen.js';
import { RequestError } from '../../templates/runtime/request-error.gen.js';
import type { JsonSchemaObject } from '../../templates/runtime/types.gen.js';

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff];
const PNG_BASE64 = 'iVBORw0KGgoA/w==';

function source(schema?: unknown, root?: JsonSchemaObject): BodySource {
  const out: BodySource = { argument: 'body', argumentFor: (m) => `body.${m}` };
  if (schema !== undefined) out.schema = schema;
  if (root !== undefined) out.root = root;
  return out;
}

/** The body as text, for the kinds that have one. */
function text(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new Error(`not text: ${String(body)}`);
}

describe('serializeBody: JSON', () => {
  const cases: { name: string; given: { spec: BodySpec; value: unknown }; want: { body: string; contentType: string } }[] = [
    { name: 'object', given: { spec: { mediaType: 'application/json', required: true }, value: { a: 1, b: [true, null], c: 'ü' } }, want: { body: '{"a":1,"b":[true,null],"c":"ü"}', contentType: 'application/json' } },
    { name: '+json keeps its type and parameters', given: { spec: { mediaType: 'application/merge-patch+json; charset=utf-8', required: false }, value: { a: null } }, want: { body: '{"a":null}', contentType: 'application/merge-patch+json; charset=utf-8' } },
    { name: '*/* is sent as JSON', given: { spec: { mediaType: '*/*', required: false }, value: [1, 2] }, want: { body: '[1,2]', contentType: 'application/json' } },
    { name: 'a string is a JSON string', given: { spec: { mediaType: 'application/json', required: true }, value: 'abc' }, want: { body: '"abc"', contentType: 'application/json' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializeBody(given.spec, given.value, source())).toEqual(want);
  });
});

describe('serializeBody: application/x-www-form-urlencoded', () => {
  const form = (encoding?: BodySpec['encoding']): BodySpec => ({ mediaType: 'application/x-www-form-urlencoded', required: true, ...(encoding ? { encoding } : {}) });
  const cases: { name: string; given: { spec: BodySpec; value: unknown }; want: string }[] = [
    {
      name: 'defaults: lists repeat the name, objects are JSON, null left out',
      given: { spec: form(), value: { name: 'a b&c=d', tags: ['x', 'y'], meta: { a: 1 }, n: 1.5, flag: true, skip: null } },
      want: 'name=a+b%26c%3Dd&tags=x&tags=y&meta=%7B%22a%22%3A1%7D&n=1.5&flag=true',
    },
    { name: 'Swagger 2.0 csv (style form, explode false)', given: { spec: form({ tags: { style: 'form', explode: false } }), value: { tags: ['x', 'y'] } }, want: 'tags=x%2Cy' },
    { name: 'spaceDelimited', given: { spec: form({ tags: { style: 'spaceDelimited', explode: false } }), value: { tags: ['x', 'y'] } }, want: 'tags=x+y' },
    { name: 'pipeDelimited', given: { spec: form({ tags: { style: 'pipeDelimited', explode: false } }), value: { tags: ['x', 'y'] } }, want: 'tags=x%7Cy' },
    { name: 'style form explodes an object into its members', given: { spec: form({ color: { style: 'form' } }), value: { color: { R: 100, G: 200 } } }, want: 'R=100&G=200' },
    { name: 'style form explode false joins an object', given: { spec: form({ color: { style: 'form', explode: false } }), value: { color: { R: 100, G: 200 } } }, want: 'color=R%2C100%2CG%2C200' },
    {
      name: 'deepObject (Stripe)',
      given: { spec: form({ metadata: { style: 'deepObject', explode: true }, items: { style: 'deepObject', explode: true }, expand: { style: 'deepObject', explode: true } }), value: { metadata: { order: '7' }, items: [{ price: 'p1', quantity: 2 }], expand: ['a', 'b'] } },
      want: 'metadata%5Border%5D=7&items%5B0%5D%5Bprice%5D=p1&items%5B0%5D%5Bquantity%5D=2&expand%5B%5D=a&expand%5B%5D=b',
    },
    { name: 'contentType application/json for a list', given: { spec: form({ ids: { contentType: 'application/json' } }), value: { ids: [1, 2] } }, want: 'ids=%5B1%2C2%5D' },
    { name: 'a whole body given as text is sent as it is', given: { spec: form(), value: 'a=1&b=2' }, want: 'a=1&b=2' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const out = serializeBody(given.spec, given.value, source());
    expect(out.contentType).toBe('application/x-www-form-urlencoded');
    expect(text(out.body)).toBe(want);
  });
  it('a list body is a RequestError', () => {
    expect(() => serializeBody(form(), [1], source())).toThrow(new RequestError('argument "body" must be an object to be sent as application/x-www-form-urlencoded'));
  });
});

describe('serializeBody: multipart/form-data', () => {
  const root: JsonSchemaObject = {
    type: 'object',
    properties: { body: { $ref: '#/$defs/Upload' } },
    $defs: {
      Upload: {
        type: 'object',
        properties: {
          file: { type: 'string', contentEncoding: 'base64' },
          photos: { type: 'array', items: { $ref: '#/$defs/Photo' } },
          maybe: { anyOf: [{ type: 'string', contentEncoding: 'base64', contentMediaType: 'application/pdf' }, { type: 'null' }] },
          note: { type: 'string' },
          meta: { type: 'object' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
      Photo: { type: 'string', contentEncoding: 'base64' },
    },
  };
  const spec = (encoding?: BodySpec['encoding']): BodySpec => ({ mediaType: 'multipart/form-data', required: true, ...(encoding ? { encoding } : {}) });

  async function parts(form: unknown): Promise<Array<[string, string | { filename: string; type: string; bytes: number[] }]>> {
    expect(form).toBeInstanceOf(FormData);
    const out: Array<[string, string | { filename: string; type: string; bytes: number[] }]> = [];
    for (const [name, value] of form as FormData) {
      out.push([name, typeof value === 'string' ? value : { filename: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] }]);
    }
    return out;
  }

  it('files, text, JSON objects and lists', async () => {
    const out = serializeBody(
      spec({ file: { contentType: 'image/png' } }),
      { file: PNG_BASE64, photos: ['AAE=', 'data:image/jpeg;base64,/9j/'], maybe: 'JVBERg==', note: 'hello ü', meta: { a: [1] }, tags: ['x', 'y'], gone: null },
      source({ $ref: '#/$defs/Upload' }, root),
    );
    expect(out.contentType).toBeUndefined();
    expect(await parts(out.body)).toEqual([
      ['file', { filename: 'file', type: 'image/png', bytes: PNG_BYTES }],
      ['photos', { filename: 'photos', type: 'application/octet-stream', bytes: [0, 1] }],
      ['photos', { filename: 'photos', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] }],
      ['maybe', { filename: 'maybe', type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46] }],
      ['note', 'hello ü'],
      ['meta', '{"a":[1]}'],
      ['tags', 'x'],
      ['tags', 'y'],
    ]);
  });

  it('encoding: explode false, deepObject, a declared JSON part type, a list of types', async () => {
    const out = serializeBody(
      spec({ tags: { style: 'form', explode: false }, meta: { contentType: 'application/json' }, opts: { style: 'deepObject', explode: true }, file: { contentType: 'image/png, image/jpeg' } }),
      { tags: ['x', 'y'], meta: { a: 1 }, opts: { create: true }, file: PNG_BASE64 },
      source({ $ref: '#/$defs/Upload' }, root),
    );
    expect(await parts(out.body)).toEqual([
      ['tags', 'x,y'],
      ['meta', { filename: 'meta', type: 'application/json', bytes: [...Buffer.from('{"a":1}')] }],
      ['opts[create]', 'true'],
      ['file', { filename: 'file', type: 'image/png', bytes: PNG_BYTES }],
    ]);
  });

  it('a string without a base64 schema is a text part', async () => {
    const out = serializeBody(spec(), { note: PNG_BASE64 }, source({ $ref: '#/$defs/Upload' }, root));
    expect(await parts(out.body)).toEqual([['note', PNG_BASE64]]);
  });

  it('invalid base64 names the member', () => {
    expect(() => serializeBody(spec(), { file: 'not base64!' }, source({ $ref: '#/$defs/Upload' }, root))).toThrow(new RequestError('argument "body.file" must be base64-encoded bytes'));
  });
});

describe('serializeBody: binary and text', () => {
  const binary: JsonSchemaObject = { type: 'string', contentEncoding: 'base64' };
  const cases: { name: string; given: { mediaType: string; value: unknown; schema?: unknown }; want: { body: string | number[]; contentType: string } }[] = [
    { name: 'octet-stream base64 → bytes', given: { mediaType: 'application/octet-stream', value: PNG_BASE64, schema: binary }, want: { body: PNG_BYTES, contentType: 'application/octet-stream' } },
    { name: 'whitespace in base64 ignored', given: { mediaType: 'application/octet-stream', value: 'iVBO Rw0K\nGgoA/w==', schema: binary }, want: { body: PNG_BYTES, contentType: 'application/octet-stream' } },
    { name: 'base64url', given: { mediaType: 'application/octet-stream', value: 'iVBORw0KGgoA_w', schema: binary }, want: { body: PNG_BYTES, contentType: 'application/octet-stream' } },
    { name: 'image/png', given: { mediaType: 'image/png', value: PNG_BASE64, schema: binary }, want: { body: PNG_BYTES, contentType: 'image/png' } },
    { name: 'image/* takes the type of a data URL', given: { mediaType: 'image/*', value: `data:image/png;base64,${PNG_BASE64}`, schema: binary }, want: { body: PNG_BYTES, contentType: 'image/png' } },
    { name: 'binary type without a schema is decoded', given: { mediaType: 'application/pdf', value: 'JVBERg==' }, want: { body: [0x25, 0x50, 0x44, 0x46], contentType: 'application/pdf' } },
    { name: 'text/plain string', given: { mediaType: 'text/plain', value: 'hello\nü', schema: { type: 'string' } }, want: { body: 'hello\nü', contentType: 'text/plain' } },
    { name: 'text/plain number', given: { mediaType: 'text/plain; charset=utf-8', value: 5, schema: { type: 'number' } }, want: { body: '5', contentType: 'text/plain; charset=utf-8' } },
    { name: 'text/* without a schema', given: { mediaType: 'text/*', value: 'x' }, want: { body: 'x', contentType: 'text/plain' } },
    { name: 'application/xml string as it is', given: { mediaType: 'application/xml', value: '<a/>', schema: { type: 'string' } }, want: { body: '<a/>', contentType: 'application/xml' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const out = serializeBody({ mediaType: given.mediaType, required: true }, given.value, source(given.schema));
    expect(out.contentType).toBe(want.contentType);
    if (typeof want.body === 'string') expect(out.body).toBe(want.body);
    else {
      expect(out.body).toBeInstanceOf(Uint8Array);
      expect([...(out.body as Uint8Array)]).toEqual(want.body);
    }
  });

  const invalid: { name: string; given: string }[] = [
    { name: 'characters outside base64', given: 'abc$' },
    { name: 'impossible length', given: 'abcde' },
    { name: 'padding in the middle', given: 'ab==cd' },
  ];
  it.each(invalid)('rejects $name', ({ given }) => {
    expect(() => serializeBody({ mediaType: 'application/octet-stream', required: true }, given, source(binary))).toThrow(new RequestError('argument "body" must be base64-encoded bytes'));
  });
});
