/**
 * Percent-encoding for the parts of an upstream request (RFC 3986 §2; OpenAPI 3.1.2 Appendix E):
 * values are encoded so that no argument can add a path segment, a query parameter or a fragment,
 * and checked so that no argument can add a header line.
 */
import { RequestError } from './request-error.gen.js';

const UNRESERVED_EXTRA = /[!'()*]/g;
/** Outside RFC 3986 unreserved + reserved, plus the query delimiters `#&+[]` and a `%` that starts no triplet. */
const NOT_RESERVED_SAFE = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?@!$'()*,;=%]/gu;
/** Outside RFC 3986 pchar (and `/`), or a `%` that starts no triplet: for the literal text of path templates. */
const NOT_PATH_LITERAL = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu;
/** Outside RFC 6265 cookie-octet, and `%` (so that encoding can be undone). */
const NOT_COOKIE_OCTET = /[^!#$&'()*+\-./0-9:<=>?@A-Z[\]^_`a-z{|}~]/gu;
/** C0 controls except horizontal tab, and DEL: never allowed in a header or cookie value. */
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
const NON_ASCII = /[^\u0000-\u007F]/;

function hex(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
}

function encodeWith(value: string, pattern: RegExp, argument: string): string {
  try {
    return value.replace(pattern, (c) => (c === '%' ? '%25' : encodeURIComponent(c).replace(UNRESERVED_EXTRA, hex)));
  } catch {
    throw new RequestError(`argument "${argument}" contains invalid Unicode (a lone surrogate)`);
  }
}

/** Everything outside RFC 3986 unreserved (`A-Z a-z 0-9 - . _ ~`) is encoded, as UTF-8. */
export function encodeUnreserved(value: string, argument: string): string {
  try {
    return encodeURIComponent(value).replace(UNRESERVED_EXTRA, hex);
  } catch {
    throw new RequestError(`argument "${argument}" contains invalid Unicode (a lone surrogate)`);
  }
}

/**
 * `allowReserved: true` in a query: RFC 3986 reserved characters and existing `%XX` triplets pass
 * through; `#`, `&`, `+`, `[` and `]` are still encoded because they would end or split the query
 * (OpenAPI 3.1.2 Appendix C: "[]#&=+" must be pre-percent-encoded by whoever wants them literal).
 */
export function encodeReserved(value: string, argument: string): string {
  return encodeWith(value, NOT_RESERVED_SAFE, argument);
}

/** The literal text of a path template (from the spec): only characters a path cannot hold are encoded. */
export function encodePathLiteral(text: string): string {
  return encodeWith(text, NOT_PATH_LITERAL, 'path');
}

/** Rejects control characters (CR, LF, NUL …; tab is allowed): they could end a header line. */
export function assertNoControl(value: string, argument: string, where: 'header' | 'cookie'): void {
  if (CONTROL.test(value)) {
    throw new RequestError(`argument "${argument}" contains a control character (such as CR or LF), which a ${where} value cannot hold`);
  }
}

/**
 * A header value as `Headers` accepts it: control characters are rejected; non-ASCII text is sent
 * as its UTF-8 bytes (Headers takes a byte string, one character per byte). Header values are
 * never percent-encoded (OpenAPI 3.1.2 Appendix D).
 */
export function toHeaderValue(value: string, argument: string): string {
  assertNoControl(value, argument, 'header');
  return NON_ASCII.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

/** A cookie value: characters outside RFC 6265 cookie-octet (space, `"`, `,`, `;`, `\`, non-ASCII) and `%` are percent-encoded. */
export function encodeCookieValue(value: string, argument: string): string {
  assertNoControl(value, argument, 'cookie');
  return encodeWith(value, NOT_COOKIE_OCTET, argument);
}
