import { describe, expect, it } from 'vitest';
import {
  serializeCookieParameter,
  serializeHeaderParameter,
  serializePathParameter,
  serializeQueryParameter,
  type ParameterFormat,
} from '../../templates/runtime/serialize-parameter.gen.js';
import { RequestError } from '../../templates/runtime/request-error.gen.js';
import type { ParameterStyle } from '../../templates/runtime/types.gen.js';

/**
 * OpenAPI 3.1.2 §4.8.12.4.2 "Style Examples" (same as 3.1.1; 3.1.0 had `.blue.black.brown` for
 * label/explode=false, fixed to RFC 6570's `.blue,black,brown`). The "undefined" column is the
 * empty string (3.1.0 called it "empty"); `n/a` cells are left out.
 */
const COLOR = { string: 'blue', array: ['blue', 'black', 'brown'], object: { R: 100, G: 200, B: 150 } };
type Row = [style: ParameterStyle, explode: boolean, empty: string | null, string: string | null, array: string | null, object: string | null];
const STYLE_EXAMPLES: Row[] = [
  ['matrix', false, ';color', ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['matrix', true, ';color', ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['label', false, '.', '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['label', true, '.', '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['simple', false, '', 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['simple', true, '', 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['form', false, 'color=', 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['form', true, 'color=', 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['spaceDelimited', false, null, null, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
  ['pipeDelimited', false, null, null, 'color=blue%7Cblack%7Cbrown', 'color=R%7C100%7CG%7C200%7CB%7C150'],
  ['deepObject', true, null, null, null, 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
];
const PATH_STYLES: ReadonlySet<ParameterStyle> = new Set(['matrix', 'label', 'simple']);

function serialize(style: ParameterStyle, explode: boolean, value: unknown): string | undefined {
  if (PATH_STYLES.has(style)) return serializePathParameter({ in: 'path', name: 'color', style, explode }, value, 'color');
  return serializeQueryParameter({ in: 'query', name: 'color', style, explode }, value, 'color').join('&');
}

describe('OpenAPI 3.1.2 style examples table', () => {
  const cases = STYLE_EXAMPLES.flatMap(([style, explode, ...cells]) =>
    (['empty', 'string', 'array', 'object'] as const).flatMap((column, i) => {
      const want = cells[i];
      if (want === null || want === undefined) return [];
      const value = column === 'empty' ? '' : COLOR[column];
      return [{ name: `${style} explode=${explode} ${column}`, given: { style, explode, value }, want }];
    }),
  );
  it('has every cell of the table', () => expect(cases).toHaveLength(37));
  it.each(cases)('$name', ({ given, want }) => {
    expect(serialize(given.style, given.explode, given.value)).toBe(want);
  });
});

describe('serializePathParameter', () => {
  const simple: ParameterFormat = { in: 'path', name: 'id', style: 'simple', explode: false };
  const cases: { name: string; given: { format: ParameterFormat; value: unknown }; want: string | undefined }[] = [
    { name: 'traversal and query characters stay in the segment', given: { format: simple, value: '../../admin?x=1#' }, want: '..%2F..%2Fadmin%3Fx%3D1%23' },
    { name: 'percent is encoded, so %2e%2e is not a dot segment', given: { format: simple, value: '%2e%2e' }, want: '%252e%252e' },
    { name: 'slash and backslash', given: { format: simple, value: 'a/b\\c' }, want: 'a%2Fb%5Cc' },
    { name: 'sub-delims and gen-delims are encoded', given: { format: simple, value: "!$&'()*+,;=:@[]" }, want: '%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%5B%5D' },
    { name: 'unreserved stay', given: { format: simple, value: 'aZ09-._~' }, want: 'aZ09-._~' },
    { name: 'space and non-ASCII as UTF-8', given: { format: simple, value: 'ü €' }, want: '%C3%BC%20%E2%82%AC' },
    { name: 'allowReserved does not apply to the path', given: { format: { ...simple, allowReserved: true }, value: 'a/b' }, want: 'a%2Fb' },
    { name: 'number', given: { format: simple, value: 42 }, want: '42' },
    { name: 'boolean', given: { format: simple, value: false }, want: 'false' },
    { name: 'array members encoded, delimiter literal', given: { format: simple, value: ['a,b', 'c/d'] }, want: 'a%2Cb,c%2Fd' },
    { name: 'object keys and values encoded', given: { format: { ...simple, explode: true }, value: { 'a=b': 'c,d' } }, want: 'a%3Db=c%2Cd' },
    { name: 'matrix name encoded', given: { format: { in: 'path', name: 'a b', style: 'matrix', explode: false }, value: 'x' }, want: ';a%20b=x' },
    { name: 'label explode members encoded', given: { format: { in: 'path', name: 'c', style: 'label', explode: true }, value: ['a.b', 'c/d'] }, want: '.a.b.c%2Fd' },
    { name: 'Swagger 2.0 pipes in a path', given: { format: { in: 'path', name: 'c', style: 'pipeDelimited', explode: false }, value: ['a', 'b'] }, want: 'a%7Cb' },
    { name: 'nested values as JSON', given: { format: simple, value: [{ a: 1 }] }, want: '%7B%22a%22%3A1%7D' },
    { name: 'null members skipped', given: { format: simple, value: ['a', null, 'b'] }, want: 'a,b' },
    { name: 'content application/json', given: { format: { in: 'path', name: 'f', contentType: 'application/json' }, value: { a: [1] } }, want: '%7B%22a%22%3A%5B1%5D%7D' },
    { name: 'defaults to simple without style', given: { format: { in: 'path', name: 'c' }, value: ['a', 'b'] }, want: 'a,b' },
    { name: 'undefined', given: { format: simple, value: undefined }, want: undefined },
    { name: 'null', given: { format: simple, value: null }, want: undefined },
    { name: 'empty array is undefined', given: { format: simple, value: [] }, want: undefined },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializePathParameter(given.format, given.value, 'arg')).toBe(want);
  });
});

describe('serializeQueryParameter', () => {
  const form: ParameterFormat = { in: 'query', name: 'q', style: 'form', explode: true };
  const cases: { name: string; given: { format: ParameterFormat; value: unknown }; want: string[] }[] = [
    { name: 'value cannot add parameters or a fragment', given: { format: form, value: 'a&admin=true#x' }, want: ['q=a%26admin%3Dtrue%23x'] },
    { name: 'plus and space', given: { format: form, value: 'a+b c' }, want: ['q=a%2Bb%20c'] },
    { name: 'parameter name encoded', given: { format: { ...form, name: 'a b&c' }, value: '1' }, want: ['a%20b%26c=1'] },
    {
      name: 'allowReserved keeps reserved characters and %XX, still encodes #&+[] and a lone %',
      given: { format: { ...form, allowReserved: true }, value: "a/b?c=d:e@f!$'()*,;%41&g#h+i[j]%zz ü" },
      want: ["q=a/b?c=d:e@f!$'()*,;%41%26g%23h%2Bi%5Bj%5D%25zz%20%C3%BC"],
    },
    { name: 'allowReserved on array members', given: { format: { ...form, explode: false, allowReserved: true }, value: ['a/b', 'c,d'] }, want: ['q=a/b,c,d'] },
    { name: 'form explode array: repeated keys', given: { format: form, value: ['a', 'b&c'] }, want: ['q=a', 'q=b%26c'] },
    { name: 'form no explode array: members encoded', given: { format: { ...form, explode: false }, value: ['a,b', 'c'] }, want: ['q=a%2Cb,c'] },
    { name: 'form explode object: keys encoded', given: { format: form, value: { 'a b': 'x', c: true } }, want: ['a%20b=x', 'c=true'] },
    { name: 'spaceDelimited explode (n/a): repeated keys', given: { format: { ...form, style: 'spaceDelimited' }, value: ['a', 'b'] }, want: ['q=a', 'q=b'] },
    { name: 'spaceDelimited primitive', given: { format: { ...form, style: 'spaceDelimited', explode: false }, value: 'a b' }, want: ['q=a%20b'] },
    { name: 'Swagger 2.0 tsv', given: { format: { ...form, style: 'tabDelimited', explode: false }, value: ['a', 'b'] }, want: ['q=a%09b'] },
    { name: 'Swagger 2.0 pipes', given: { format: { ...form, style: 'pipeDelimited', explode: false }, value: ['a|b', 'c'] }, want: ['q=a%7Cb%7Cc'] },
    {
      name: 'deepObject nested: brackets continue',
      given: { format: { ...form, style: 'deepObject' }, value: { created: { gte: 1, lt: 2 }, ids: ['a', 'b'] } },
      want: ['q%5Bcreated%5D%5Bgte%5D=1', 'q%5Bcreated%5D%5Blt%5D=2', 'q%5Bids%5D%5B%5D=a', 'q%5Bids%5D%5B%5D=b'],
    },
    { name: 'deepObject list of objects uses indexes', given: { format: { ...form, style: 'deepObject' }, value: { items: [{ price: 'p1' }, { price: 'p2' }] } }, want: ['q%5Bitems%5D%5B0%5D%5Bprice%5D=p1', 'q%5Bitems%5D%5B1%5D%5Bprice%5D=p2'] },
    { name: 'deepObject top-level list (Stripe expand[])', given: { format: { ...form, name: 'expand', style: 'deepObject' }, value: ['a.b', 'c'] }, want: ['expand%5B%5D=a.b', 'expand%5B%5D=c'] },
    { name: 'deepObject primitive', given: { format: { ...form, style: 'deepObject' }, value: 'x' }, want: ['q=x'] },
    { name: 'deepObject key cannot escape its brackets', given: { format: { ...form, style: 'deepObject' }, value: { 'a]&b=1': 'v' } }, want: ['q%5Ba%5D%26b%3D1%5D=v'] },
    { name: 'content application/json', given: { format: { in: 'query', name: 'filter', contentType: 'application/json' }, value: { a: 1, b: [1, 2] } }, want: ['filter=%7B%22a%22%3A1%2C%22b%22%3A%5B1%2C2%5D%7D'] },
    { name: 'content text/plain', given: { format: { in: 'query', name: 'f', contentType: 'text/plain' }, value: 'a b' }, want: ['f=a%20b'] },
    { name: 'defaults to form explode', given: { format: { in: 'query', name: 'q' }, value: ['a', 'b'] }, want: ['q=a', 'q=b'] },
    { name: 'empty string kept', given: { format: form, value: '' }, want: ['q='] },
    { name: 'empty array omitted', given: { format: form, value: [] }, want: [] },
    { name: 'array of nulls omitted', given: { format: form, value: [null] }, want: [] },
    { name: 'empty object omitted', given: { format: form, value: {} }, want: [] },
    { name: 'undefined omitted', given: { format: form, value: undefined }, want: [] },
    { name: 'null omitted', given: { format: form, value: null }, want: [] },
    { name: 'numbers as JSON spells them', given: { format: form, value: [1.5, -0, 1e21] }, want: ['q=1.5', 'q=0', 'q=1e%2B21'] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializeQueryParameter(given.format, given.value, 'arg')).toEqual(want);
  });
});

describe('serializeHeaderParameter', () => {
  const simple: ParameterFormat = { in: 'header', name: 'X-Color', style: 'simple', explode: false };
  const cases: { name: string; given: { format: ParameterFormat; value: unknown }; want: string | undefined }[] = [
    { name: 'primitive, not percent-encoded', given: { format: simple, value: 'a b/c%20' }, want: 'a b/c%20' },
    { name: 'array', given: { format: simple, value: ['blue', 'black', 'brown'] }, want: 'blue,black,brown' },
    { name: 'object', given: { format: simple, value: { R: 100, G: 200, B: 150 } }, want: 'R,100,G,200,B,150' },
    { name: 'object explode', given: { format: { ...simple, explode: true }, value: { R: 100, G: 200, B: 150 } }, want: 'R=100,G=200,B=150' },
    { name: 'tab allowed', given: { format: simple, value: 'a\tb' }, want: 'a\tb' },
    { name: 'non-ASCII as UTF-8 bytes', given: { format: simple, value: 'ü€' }, want: '\u00C3\u00BC\u00E2\u0082\u00AC' },
    { name: 'Swagger 2.0 tsv', given: { format: { ...simple, style: 'tabDelimited' }, value: ['a', 'b'] }, want: 'a\tb' },
    { name: 'content application/json', given: { format: { in: 'header', name: 'X-F', contentType: 'application/json' }, value: { a: 'b' } }, want: '{"a":"b"}' },
    { name: 'integer', given: { format: simple, value: 7 }, want: '7' },
    { name: 'undefined', given: { format: simple, value: undefined }, want: undefined },
    { name: 'empty array', given: { format: simple, value: [] }, want: undefined },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializeHeaderParameter(given.format, given.value, 'arg')).toBe(want);
  });

  const rejected: { name: string; given: unknown; want: string }[] = [
    { name: 'CRLF', given: 'a\r\nX-Admin: 1', want: 'argument "color" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'LF alone', given: 'a\nb', want: 'argument "color" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'CR in an array member', given: ['a', 'b\r'], want: 'argument "color" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'NUL', given: 'a\u0000', want: 'argument "color" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'DEL', given: 'a\u007F', want: 'argument "color" contains a control character (such as CR or LF), which a header value cannot hold' },
  ];
  it.each(rejected)('rejects $name', ({ given, want }) => {
    expect(() => serializeHeaderParameter(simple, given, 'color')).toThrow(new RequestError(want));
  });
  it('JSON content escapes CR/LF, so it is sent', () => {
    expect(serializeHeaderParameter({ in: 'header', name: 'X', contentType: 'application/json' }, 'a\r\nb', 'x')).toBe('"a\\r\\nb"');
  });
});

describe('serializeCookieParameter', () => {
  const form: ParameterFormat = { in: 'cookie', name: 'color', style: 'form', explode: true };
  const cases: { name: string; given: { format: ParameterFormat; value: unknown }; want: Array<[string, string]> }[] = [
    { name: 'primitive', given: { format: form, value: 'blue' }, want: [['color', 'blue']] },
    { name: 'characters outside cookie-octet encoded', given: { format: form, value: 'a b;c,d"e\\f%ü' }, want: [['color', 'a%20b%3Bc%2Cd%22e%5Cf%25%C3%BC']] },
    { name: 'cookie-octet kept', given: { format: form, value: "a=b/c:d!#$&'()*+-.<>?@[]^_`{|}~" }, want: [['color', "a=b/c:d!#$&'()*+-.<>?@[]^_`{|}~"]] },
    { name: 'array no explode', given: { format: { ...form, explode: false }, value: ['blue', 'a,b'] }, want: [['color', 'blue,a%2Cb']] },
    { name: 'array explode: one cookie each', given: { format: form, value: ['blue', 'black'] }, want: [['color', 'blue'], ['color', 'black']] },
    { name: 'object explode: members are cookies', given: { format: form, value: { R: 100, G: 200 } }, want: [['R', '100'], ['G', '200']] },
    { name: 'object no explode', given: { format: { ...form, explode: false }, value: { R: 100, G: 200 } }, want: [['color', 'R,100,G,200']] },
    { name: 'content application/json', given: { format: { in: 'cookie', name: 'c', contentType: 'application/json' }, value: { a: 1 } }, want: [['c', '{%22a%22:1}']] },
    { name: 'undefined', given: { format: form, value: undefined }, want: [] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(serializeCookieParameter(given.format, given.value, 'arg')).toEqual(want);
  });

  const rejected: { name: string; given: unknown; want: string }[] = [
    { name: 'CRLF in the value', given: 'a\r\nSet-Cookie: x=1', want: 'argument "c" contains a control character (such as CR or LF), which a cookie value cannot hold' },
    { name: 'LF in an exploded member', given: { R: 'a\nb' }, want: 'argument "c" contains a control character (such as CR or LF), which a cookie value cannot hold' },
    { name: 'a member name that is not a token', given: { 'a;b': 1 }, want: 'argument "c": a cookie name must be a token (letters, digits and !#$%&\'*+-.^_`|~)' },
    { name: 'a member name with =', given: { 'a=b': 1 }, want: 'argument "c": a cookie name must be a token (letters, digits and !#$%&\'*+-.^_`|~)' },
  ];
  it.each(rejected)('rejects $name', ({ given, want }) => {
    expect(() => serializeCookieParameter(form, given, 'c')).toThrow(new RequestError(want));
  });
});

describe('invalid Unicode', () => {
  it('a lone surrogate is a RequestError', () => {
    expect(() => serializeQueryParameter({ in: 'query', name: 'q' }, 'a\uD800', 'q')).toThrow(new RequestError('argument "q" contains invalid Unicode (a lone surrogate)'));
  });
});
