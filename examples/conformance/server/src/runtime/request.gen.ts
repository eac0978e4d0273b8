/**
 * Builds the upstream HTTP request of one tool call from its HTTP binding and validated arguments:
 * the path template filled with percent-encoded values, the query, headers, cookies and the body,
 * exactly as the OpenAPI description says. An argument that cannot be sent throws `RequestError`.
 */
import type { ArgumentBinding, HttpBinding, JsonSchemaObject } from './types.gen.js';
import { joinUrl } from './base-url.gen.js';
import { encodePathLiteral, encodeUnreserved } from './percent-encode.gen.js';
import { RequestError } from './request-error.gen.js';
import { serializeBody, type BodySource } from './serialize-body.gen.js';
import { serializeCookieParameter, serializeHeaderParameter, serializePathParameter, serializeQueryParameter } from './serialize-parameter.gen.js';

export { RequestError } from './request-error.gen.js';

export interface PreparedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Cookie pairs, values already encoded; `toFetchInit` joins them into the Cookie header. */
  cookies: Array<[name: string, value: string]>;
  body?: string | Uint8Array | FormData | URLSearchParams;
}

const DOT_SEGMENT = new Set(['.', '..']);
/** A cookie pair that can go into the header as it is: a token name, a value of RFC 6265 cookie-octets plus `,` (OpenAPI's form-style list delimiter). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const COOKIE_VALUE = /^[!#-:<-[\]-~]*$/;

function argumentValue(args: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(args, name) ? args[name] : undefined;
}

/**
 * A path key with a fixed query (`/things?action=x`) or a fragment (`/cookies#variant`, used to
 * give one path several operations): the fragment is dropped, the query is sent first.
 */
function splitTemplate(template: string): { path: string; query?: string } {
  let depth = 0;
  let question = -1;
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === '#') return question < 0 ? { path: template.slice(0, i) } : { path: template.slice(0, question), query: template.slice(question + 1, i) };
    else if (depth === 0 && c === '?' && question < 0) question = i;
  }
  return question < 0 ? { path: template } : { path: template.slice(0, question), query: template.slice(question + 1) };
}

/** Fills `{name}` in the path template; literal text is kept (encoded only where a path cannot hold it). */
function expandPath(template: string, values: Map<string, { text: string; argument: string }>, bound: Map<string, string>): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    const close = open < 0 ? -1 : template.indexOf('}', open);
    if (close < 0) return out + encodePathLiteral(template.slice(from));
    out += encodePathLiteral(template.slice(from, open));
    const name = template.slice(open + 1, close);
    const value = values.get(name);
    if (value === undefined) {
      const argument = bound.get(name);
      throw new RequestError(argument === undefined ? `the path ${template} has no argument for {${name}}` : `argument "${argument}" is required (path parameter {${name}})`);
    }
    const wholeSegment = template[open - 1] === '/' && (close + 1 === template.length || template[close + 1] === '/' || template[close + 1] === '?');
    if (wholeSegment && value.text === '') throw new RequestError(`argument "${value.argument}" must not be empty: it is a path segment`);
    if (wholeSegment && DOT_SEGMENT.has(value.text)) throw new RequestError(`argument "${value.argument}" cannot be "${value.text}": it would change the request path`);
    out += value.text;
    from = close + 1;
  }
}

/** The body value and where it came from; `undefined` when no body argument was given. */
function bodyValue(binding: HttpBinding, args: Record<string, unknown>, inputSchema: JsonSchemaObject | undefined): { value: unknown; source: BodySource } | undefined {
  const properties = inputSchema?.properties as Record<string, unknown> | undefined;
  const schemaOf = (arg: string): unknown => (properties !== undefined && Object.hasOwn(properties, arg) ? properties[arg] : undefined);
  const members: Array<[string, string]> = [];
  for (const [arg, b] of Object.entries(binding.arguments)) {
    if (b.in !== 'body') continue;
    if (b.name === '') {
      const value = argumentValue(args, arg);
      const source: BodySource = { argument: arg, argumentFor: (m) => `${arg}.${m}`, schema: schemaOf(arg) };
      if (inputSchema !== undefined) source.root = inputSchema;
      if (value !== undefined && value !== null) return { value, source };
      if (!binding.body?.required) return undefined;
      throw new RequestError(`argument "${arg}" is required (the request body)`);
    }
    members.push([arg, b.name]);
  }
  if (members.length === 0 && !binding.body?.required) return undefined;
  const value: Record<string, unknown> = {};
  const memberSchemas: Record<string, unknown> = {};
  const argumentOf = new Map<string, string>();
  let given = false;
  for (const [arg, name] of members) {
    const v = argumentValue(args, arg);
    memberSchemas[name] = schemaOf(arg);
    argumentOf.set(name, arg);
    if (v === undefined) continue;
    value[name] = v;
    given = true;
  }
  if (!given && !binding.body?.required) return undefined;
  const source: BodySource = { argument: 'body', argumentFor: (m) => argumentOf.get(m) ?? m, schema: { type: 'object', properties: memberSchemas } };
  if (inputSchema !== undefined) source.root = inputSchema;
  return { value, source };
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const v of Object.values(value)) if (v !== undefined) return false;
  return true;
}

function setHeader(headers: Headers, b: ArgumentBinding, value: string): void {
  try {
    headers.set(b.name, value);
  } catch {
    throw new RequestError(`the header name "${b.name}" in the API description is not a valid HTTP header name`);
  }
}

/**
 * The upstream request for one call. `args` were validated against the tool's inputSchema;
 * arguments without a binding are ignored, `undefined`/`null` parameters are left out.
 * `inputSchema` (the tool's) tells which body members carry base64 bytes.
 */
export function buildRequest(binding: HttpBinding, args: Record<string, unknown>, baseUrl: string, inputSchema?: JsonSchemaObject): PreparedRequest {
  const pathValues = new Map<string, { text: string; argument: string }>();
  const pathArguments = new Map<string, string>();
  const query: string[] = [];
  const headers = new Headers();
  const cookies: Array<[string, string]> = [];
  for (const [arg, b] of Object.entries(binding.arguments)) {
    const value = argumentValue(args, arg);
    if (b.in === 'path') {
      pathArguments.set(b.name, arg);
      const text = serializePathParameter(b, value, arg);
      if (text !== undefined) pathValues.set(b.name, { text, argument: arg });
      else if (value !== undefined && value !== null) throw new RequestError(`argument "${arg}" must not be empty: it is a path parameter`);
    } else if (b.in === 'query') {
      for (const pair of serializeQueryParameter(b, value, arg)) query.push(pair);
    } else if (b.in === 'header') {
      const text = serializeHeaderParameter(b, value, arg);
      if (text !== undefined) setHeader(headers, b, text);
    } else if (b.in === 'cookie') {
      for (const pair of serializeCookieParameter(b, value, arg)) cookies.push(pair);
    }
  }

  const template = splitTemplate(binding.path);
  const path = expandPath(template.path, pathValues, pathArguments);
  if (template.query !== undefined) {
    const fixed = expandPath(template.query, pathValues, pathArguments).split('&').filter((pair) => pair !== '');
    query.unshift(...fixed);
  }
  const joined = joinUrl(baseUrl, path, query);
  const url = new URL(joined.href);
  // Defence in depth: nothing may have changed the path on parsing (dot segments, backslashes …).
  if (url.pathname !== joined.pathname) throw new RequestError(`the arguments for ${binding.path} would change the request path`);

  const method = binding.method.toUpperCase();
  const request: PreparedRequest = { method, url, headers, cookies };
  let body = bodyValue(binding, args, inputSchema);
  // An optional body given as `{}` adds nothing (e.g. Stripe's GET operations declare an empty form body).
  if (body !== undefined && !binding.body?.required && isEmptyObject(body.value)) body = undefined;
  if (body !== undefined) {
    if (method === 'GET' || method === 'HEAD') throw new RequestError(`a ${method} request cannot carry a body (argument "${body.source.argument}")`);
    const serialized = serializeBody(binding.body ?? { mediaType: 'application/json', required: false }, body.value, body.source);
    request.body = serialized.body;
    if (serialized.contentType !== undefined) headers.set('content-type', serialized.contentType);
  }
  return request;
}

/** Appends `name=value` to the URL's query, percent-encoded, without re-encoding what is there (unlike `url.searchParams`). */
export function appendQueryParameter(url: URL, name: string, value: string): void {
  const pair = `${encodeUnreserved(name, name)}=${encodeUnreserved(value, name)}`;
  url.search = url.search.length > 1 ? `${url.search}&${pair}` : `?${pair}`;
}

/** `fetch` arguments: the cookies joined into the Cookie header (after any already set), the body as it is. */
export function toFetchInit(req: PreparedRequest): { url: string; init: RequestInit } {
  const headers = new Headers(req.headers);
  if (req.cookies.length > 0) {
    for (const [name, value] of req.cookies) {
      if (!COOKIE_NAME.test(name) || !COOKIE_VALUE.test(value)) throw new RequestError(`the cookie "${COOKIE_NAME.test(name) ? name : '?'}" has characters a Cookie header cannot hold`);
    }
    const ours = req.cookies.map(([name, value]) => `${name}=${value}`).join('; ');
    const existing = headers.get('cookie');
    headers.set('cookie', existing !== null && existing !== '' ? `${existing}; ${ours}` : ours);
  }
  const init: RequestInit = { method: req.method, headers };
  if (req.body !== undefined) init.body = req.body;
  return { url: req.url.href, init };
}
