import { describe, expect, it } from 'vitest';
import { encodeCookieValue, encodePathLiteral, encodeReserved, encodeUnreserved, toHeaderValue } from '../../templates/runtime/percent-encode.gen.js';
import { RequestError } from '../../templates/runtime/request-error.gen.js';

describe('percent-encoding', () => {
  const cases: { name: string; given: { encode: (s: string) => string; text: string }; want: string }[] = [
    { name: 'unreserved: only A-Z a-z 0-9 - . _ ~ stay', given: { encode: (s) => encodeUnreserved(s, 'a'), text: "aZ9-._~!*'() /?#[]@$&+,;=%" }, want: 'aZ9-._~%21%2A%27%28%29%20%2F%3F%23%5B%5D%40%24%26%2B%2C%3B%3D%25' },
    { name: 'unreserved: UTF-8 of astral characters', given: { encode: (s) => encodeUnreserved(s, 'a'), text: '😀' }, want: '%F0%9F%98%80' },
    { name: 'reserved: keeps :/?@!$\'()*,;= and %XX', given: { encode: (s) => encodeReserved(s, 'a'), text: ":/?@!$'()*,;=%2F" }, want: ":/?@!$'()*,;=%2F" },
    { name: 'reserved: encodes # & + [ ] space and a lone %', given: { encode: (s) => encodeReserved(s, 'a'), text: '#&+[] %g%' }, want: '%23%26%2B%5B%5D%20%25g%25' },
    { name: 'path literal: keeps pchar and /', given: { encode: encodePathLiteral, text: "/a-b_c.d~e/!$&'()*+,;=:@/%41" }, want: "/a-b_c.d~e/!$&'()*+,;=:@/%41" },
    { name: 'path literal: encodes what a path cannot hold', given: { encode: encodePathLiteral, text: '/a b/ü/"<>\\^`{|}/%zz' }, want: '/a%20b/%C3%BC/%22%3C%3E%5C%5E%60%7B%7C%7D/%25zz' },
    { name: 'cookie: encodes space " , ; \\ % and non-ASCII', given: { encode: (s) => encodeCookieValue(s, 'a'), text: 'a b"c,d;e\\f%gé' }, want: 'a%20b%22c%2Cd%3Be%5Cf%25g%C3%A9' },
    { name: 'header: ASCII as it is', given: { encode: (s) => toHeaderValue(s, 'a'), text: 'Bearer a/b+c=; %20\t"x"' }, want: 'Bearer a/b+c=; %20\t"x"' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(given.encode(given.text)).toBe(want);
  });

  const rejected: { name: string; given: () => string; want: string }[] = [
    { name: 'header CR', given: () => toHeaderValue('a\rb', 'h'), want: 'argument "h" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'header vertical tab', given: () => toHeaderValue('a\u000Bb', 'h'), want: 'argument "h" contains a control character (such as CR or LF), which a header value cannot hold' },
    { name: 'cookie LF', given: () => encodeCookieValue('a\nb', 'c'), want: 'argument "c" contains a control character (such as CR or LF), which a cookie value cannot hold' },
    { name: 'lone surrogate (reserved)', given: () => encodeReserved('\uDC00', 'q'), want: 'argument "q" contains invalid Unicode (a lone surrogate)' },
    { name: 'lone surrogate (cookie)', given: () => encodeCookieValue('\uD800x', 'c'), want: 'argument "c" contains invalid Unicode (a lone surrogate)' },
  ];
  it.each(rejected)('rejects $name', ({ given, want }) => {
    expect(given).toThrow(new RequestError(want));
  });
});
