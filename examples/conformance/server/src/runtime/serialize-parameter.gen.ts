/**
 * Serializes one path, query, header or cookie argument by its OpenAPI `style`/`explode`
 * (OpenAPI 3.1.2 §4.8.12.4 "Style Values" and "Style Examples", RFC 6570 §3.2), or by its
 * `content` media type. Path and query output is percent-encoded; header output is raw text
 * checked for control characters; cookie output is [name, encoded value] pairs.
 */
import type { ArgumentBinding, ParameterStyle } from './types.gen.js';
import { assertNoControl, encodeCookieValue, encodeReserved, encodeUnreserved, toHeaderValue } from './percent-encode.gen.js';
import { contentText, deepObjectPairs, delimiterOf, flatPairs, shapeOf } from './parameter-value.gen.js';
import { RequestError } from './request-error.gen.js';

/** What a parameter's serialization depends on; `ArgumentBinding` satisfies it. */
export type ParameterFormat = Pick<ArgumentBinding, 'in' | 'name' | 'style' | 'explode' | 'allowReserved' | 'contentType'>;

/** RFC 7230 token: what a cookie name may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The list delimiter in a URL: `,` as it is (RFC 6570), space, `|` and tab percent-encoded (OpenAPI 3.1.2 Appendix E). */
function encodedDelimiter(style: ParameterStyle): string {
  const delimiter = delimiterOf(style);
  return delimiter === ',' ? ',' : encodeUnreserved(delimiter, '');
}

export function styleOf(format: ParameterFormat): ParameterStyle {
  return format.style ?? (format.in === 'query' || format.in === 'cookie' ? 'form' : 'simple');
}

export function explodeOf(format: ParameterFormat): boolean {
  return format.explode ?? styleOf(format) === 'form';
}

/**
 * A path parameter's text, percent-encoded so that it stays inside its segment: everything outside
 * RFC 3986 unreserved is encoded, whatever `allowReserved` says. `undefined` when the value is.
 */
export function serializePathParameter(format: ParameterFormat, value: unknown, argument: string): string | undefined {
  const e = (s: string): string => encodeUnreserved(s, argument);
  if (format.contentType !== undefined) return value === undefined || value === null ? undefined : e(contentText(value, format.contentType));
  const shape = shapeOf(value);
  const style = styleOf(format);
  const explode = explodeOf(format);
  const name = e(format.name);
  const named = (v: string): string => `;${name}${v === '' ? '' : `=${v}`}`;
  switch (shape.kind) {
    case 'undefined':
      return undefined;
    case 'primitive':
      if (style === 'label') return `.${e(shape.text)}`;
      if (style === 'matrix') return named(e(shape.text));
      return e(shape.text);
    case 'array': {
      const items = shape.items.map(e);
      if (style === 'label') return `.${items.join(explode ? '.' : ',')}`;
      if (style === 'matrix') return explode ? items.map(named).join('') : named(items.join(','));
      return items.join(encodedDelimiter(style));
    }
    case 'object': {
      const pairs = shape.entries.map(([k, v]): [string, string] => [e(k), e(v)]);
      const flat = flatPairs(pairs);
      if (style === 'label') return explode ? `.${pairs.map(([k, v]) => `${k}=${v}`).join('.')}` : `.${flat.join(',')}`;
      if (style === 'matrix') return explode ? pairs.map(([k, v]) => `;${k}${v === '' ? '' : `=${v}`}`).join('') : named(flat.join(','));
      if (explode && style === 'simple') return pairs.map(([k, v]) => `${k}=${v}`).join(',');
      return flat.join(encodedDelimiter(style));
    }
  }
}

/**
 * A query parameter as encoded `name=value` pairs, in order; none when the value is undefined,
 * an empty list or an empty object. `allowReserved` leaves reserved characters in values unencoded.
 */
export function serializeQueryParameter(format: ParameterFormat, value: unknown, argument: string): string[] {
  const key = (s: string): string => encodeUnreserved(s, argument);
  const e = (s: string): string => (format.allowReserved === true ? encodeReserved(s, argument) : encodeUnreserved(s, argument));
  const name = key(format.name);
  if (format.contentType !== undefined) {
    return value === undefined || value === null ? [] : [`${name}=${encodeUnreserved(contentText(value, format.contentType), argument)}`];
  }
  const style = styleOf(format);
  const explode = explodeOf(format);
  const shape = shapeOf(value);
  if (shape.kind === 'undefined') return [];
  if (style === 'deepObject' && shape.kind !== 'primitive') {
    return deepObjectPairs(format.name, value).map(([k, v]) => `${key(k)}=${e(v)}`);
  }
  switch (shape.kind) {
    case 'primitive':
      return [`${name}=${e(shape.text)}`];
    case 'array':
      if (explode) return shape.items.map((item) => `${name}=${e(item)}`);
      return [`${name}=${shape.items.map(e).join(encodedDelimiter(style))}`];
    case 'object':
      if (explode) return shape.entries.map(([k, v]) => `${key(k)}=${e(v)}`);
      return [`${name}=${flatPairs(shape.entries).map(e).join(encodedDelimiter(style))}`];
  }
}

/**
 * A header's value (style `simple`; Swagger 2.0 `ssv`/`tsv`/`pipes` join with their delimiter), not
 * percent-encoded; `undefined` when the value is undefined. Control characters throw `RequestError`.
 */
export function serializeHeaderParameter(format: ParameterFormat, value: unknown, argument: string): string | undefined {
  let text: string | undefined;
  if (format.contentType !== undefined) {
    text = value === undefined || value === null ? undefined : contentText(value, format.contentType);
  } else {
    const shape = shapeOf(value);
    const delimiter = delimiterOf(styleOf(format));
    if (shape.kind === 'primitive') text = shape.text;
    else if (shape.kind === 'array') text = shape.items.join(delimiter);
    else if (shape.kind === 'object') {
      text = explodeOf(format) ? shape.entries.map(([k, v]) => `${k}=${v}`).join(delimiter) : flatPairs(shape.entries).join(delimiter);
    }
  }
  return text === undefined ? undefined : toHeaderValue(text, argument);
}

/**
 * A cookie parameter (style `form`) as [name, value] pairs with values percent-encoded where RFC
 * 6265 requires; exploded objects give one cookie per member (member names must be tokens).
 */
export function serializeCookieParameter(format: ParameterFormat, value: unknown, argument: string): Array<[string, string]> {
  const e = (s: string): string => encodeCookieValue(s, argument);
  const cookieName = (s: string): string => {
    assertNoControl(s, argument, 'cookie');
    if (!TOKEN.test(s)) throw new RequestError(`argument "${argument}": a cookie name must be a token (letters, digits and !#$%&'*+-.^_\`|~)`);
    return s;
  };
  if (format.contentType !== undefined) {
    return value === undefined || value === null ? [] : [[cookieName(format.name), e(contentText(value, format.contentType))]];
  }
  const shape = shapeOf(value);
  const explode = explodeOf(format);
  switch (shape.kind) {
    case 'undefined':
      return [];
    case 'primitive':
      return [[cookieName(format.name), e(shape.text)]];
    case 'array':
      if (explode) return shape.items.map((item) => [cookieName(format.name), e(item)]);
      return [[cookieName(format.name), shape.items.map(e).join(',')]];
    case 'object':
      if (explode) return shape.entries.map(([k, v]) => [cookieName(k), e(v)]);
      return [[cookieName(format.name), flatPairs(shape.entries).map(e).join(',')]];
  }
}
