/**
 * Turns the upstream's HTTP response into the MCP tool result.
 *
 * - 2xx JSON (`application/json`, `*+json`; also a text body that parses as JSON when the spec
 *   gives the operation a JSON answer) → a text block with the JSON (whitespace removed, digits of
 *   big numbers kept as sent) and, when the spec gives the operation a JSON answer
 *   (`binding.output`), `structuredContent` (wrapped as `{ [binding.output.wrappedIn]: value }`
 *   when the mapping wrapped a non-object). Generated with `--output-schema none` there is none.
 *   The value is checked only against an outputSchema the tool advertises (compact mode leaves
 *   out all but small ones); without one it goes out as it came.
 * - `image/*` → image content, `audio/*` → audio content (base64); other text types → text;
 *   other binary → `<n> bytes of <type>`. Empty body / 204 → a sentence saying so.
 * - Text over `maxTextBytes` is cut on a character boundary and ends with a marker saying how much
 *   was cut. `structuredContent` is never cut.
 * - Non-2xx → `isError: true`, `HTTP 404 Not Found: <body excerpt ≤ 2 KB>`.
 * - `_meta[STATUS_META_KEY]` carries the upstream's HTTP status on every result built from a
 *   response, so a client can tell 200 from 201 or 404 without parsing text. Results of calls that
 *   never got a response carry `_meta[ERROR_META_KEY]` instead (see {@link errorResult}).
 *
 * Output schema policy. SDK v2 clients (and SDK 1.x) throw instead of returning the result when a
 * tool that declares an outputSchema answers with structuredContent that does not match it
 * (-32602) or with none at all (-32600); they skip both checks when `isError` is true. A response
 * that drifts from the spec's schema is common and must still reach the model, so when the
 * structured value fails the check (or cannot be produced: empty body, non-JSON, too large), the
 * result is `isError: true` with the complete data as text and a note naming the first mismatch
 * and saying the upstream call itself succeeded. No structuredContent is sent in that case.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { http } from './node-http.gen.js';
import { decode, looksLikeText, type Body } from './response-body.gen.js';
import { fromFetchResponse, type UpstreamResponse } from './upstream.gen.js';
import type { ToolEntry } from './types.gen.js';
import { shortenAtWord } from './short-text.gen.js';

/** Text content longer than this (UTF-8 bytes) is truncated. */
export const DEFAULT_MAX_TEXT_BYTES = 100_000;
/** Bodies read whole (JSON, images, audio) stop here; larger ones are summarized or cut. */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;
/** How much of an error response's body is quoted. */
export const ERROR_EXCERPT_BYTES = 2048;
/** `_meta` key holding the upstream's HTTP status (a number). */
export const STATUS_META_KEY = 'openapi-mcp/status';
/** `_meta` key on results of calls that got no response: `request` | `auth` | `timeout` | `cancelled` | `network` | `hook` (a user hook failed). */
export const ERROR_META_KEY = 'openapi-mcp/error';

/** Text kept beyond the limit before redaction, so a secret straddling the cut is still found whole. */
const REDACTION_MARGIN = 4096;

export interface ResultOptions {
  maxTextBytes: number;
  /** The tool's outputSchema check: `undefined` when the value matches, else the reason. */
  validateOutput?: (value: unknown) => string | undefined;
  /** Applied to every text taken from the body (removes credentials the upstream echoed). */
  redact?: (text: string) => string;
  /** Default {@link DEFAULT_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
}

export type ErrorKind = 'request' | 'auth' | 'timeout' | 'cancelled' | 'network' | 'hook';

export function errorResult(text: string, kind: ErrorKind): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true, _meta: { [ERROR_META_KEY]: kind } };
}

/** A structured value to check, or why there is none. */
type Structured = { value: unknown } | { problem: string };

type Kind = 'json' | 'text' | 'image' | 'audio' | 'binary' | 'unknown';

/** `response`: the upstream's answer (upstream.gen.ts), or a fetch Response (the afterResponse hook's), body unread. */
export async function toToolResult(response: Response | UpstreamResponse, entry: ToolEntry, options: ResultOptions): Promise<CallToolResult> {
  const answer = response instanceof Response ? fromFetchResponse(response) : response;
  const redact = options.redact ?? ((text: string) => text);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const status = response.status;
  const phrase = response.statusText || http.STATUS_CODES[status] || '';
  const reason = `HTTP ${status}${phrase ? ` ${phrase}` : ''}`;
  const meta = { [STATUS_META_KEY]: status };
  const contentType = answer.header('content-type') ?? '';
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  const charset = /;\s*charset="?([^";\s]+)/i.exec(contentType)?.[1];
  let kind = kindOf(mediaType);
  const declared = entry.definition.outputSchema !== undefined;
  const expectsStructured = declared || entry.binding.output !== undefined;

  if (status < 200 || status > 299) {
    const body = await answer.readBody(kind === 'binary' || kind === 'image' || kind === 'audio' ? 0 : ERROR_EXCERPT_BYTES + REDACTION_MARGIN, maxBody);
    if (kind === 'unknown') kind = looksLikeText(body.bytes) ? 'text' : 'binary';
    let excerpt: string;
    if (body.total === 0) excerpt = '(empty body)';
    else if (kind === 'text' || kind === 'json') {
      const text = decode(body.bytes, charset, kind === 'json');
      const compact = kind === 'json' && body.complete && parseJson(text) !== undefined ? minifyJson(text) : text;
      excerpt = truncate(redact(compact), ERROR_EXCERPT_BYTES, body, 'compact');
    }
    else excerpt = summary(body, mediaType);
    return { content: [{ type: 'text', text: `${reason}: ${excerpt}` }], isError: true, _meta: meta };
  }

  const wantsWhole = kind === 'json' || kind === 'image' || kind === 'audio' || (expectsStructured && (kind === 'text' || kind === 'unknown'));
  const body = await answer.readBody(kind === 'binary' ? 0 : wantsWhole ? maxBody : options.maxTextBytes + REDACTION_MARGIN, maxBody);
  if (kind === 'unknown') kind = looksLikeText(body.bytes) ? 'text' : 'binary';
  const finish = (content: ContentBlock[], structured?: Structured): CallToolResult =>
    structuredResult(content, structured, entry, options, meta, status);

  if (body.total === 0) {
    const empty = status === 204 ? `${reason}: the upstream answered with no content.` : `${reason}: the upstream answered with an empty body.`;
    return finish([{ type: 'text', text: empty }], declared ? emptyStructured(entry, options) : undefined);
  }
  if ((kind === 'image' || kind === 'audio') && body.complete) {
    // Binary content that carries a credential (raw, or in one of its text encodings) is summed up, never passed on.
    const raw = Buffer.from(body.bytes);
    const data = raw.toString('base64');
    const latin1 = raw.toString('latin1');
    if (options.redact !== undefined && (options.redact(latin1) !== latin1 || options.redact(data) !== data)) {
      return finish([{ type: 'text', text: `${reason}: ${summary(body, mediaType)}, withheld: it contains a credential sent with the request.` }]);
    }
    return finish([{ type: kind, data, mimeType: mediaType }]);
  }
  if (kind === 'json' || (expectsStructured && kind === 'text' && body.complete)) {
    const text = decode(body.bytes, charset, true);
    const parsed = body.complete ? parseJson(text) : undefined;
    if (parsed !== undefined) {
      const minified = minifyJson(text);
      const json = redact(minified);
      // Redaction inside strings keeps the JSON valid; if it did not, no structured value goes out.
      const redacted = json === minified ? parsed : parseJson(json);
      const structured: Structured | undefined = !expectsStructured ? undefined
        : redacted === undefined ? { problem: 'a credential in it could not be removed from the structured value' }
        : { value: wrap(redacted.value, entry) };
      return finish([{ type: 'text', text: truncate(json, options.maxTextBytes, { total: byteLength(json), exact: true, complete: true }, 'text') }], structured);
    }
    if (kind === 'json' && body.complete) {
      return finish([{ type: 'text', text: `${truncate(redact(text), options.maxTextBytes, body, 'text')}\n\n[The body is labelled ${mediaType} but is not valid JSON.]` }]);
    }
    return finish([{ type: 'text', text: truncate(redact(text), options.maxTextBytes, body, 'text') }]);
  }
  if (kind === 'text') {
    return finish([{ type: 'text', text: truncate(redact(decode(body.bytes, charset, false)), options.maxTextBytes, body, 'text') }]);
  }
  return finish([{ type: 'text', text: summary(body, mediaType) }]);
}

/** Adds structuredContent, or applies the output schema policy (see the header comment). */
function structuredResult(
  content: ContentBlock[],
  structured: Structured | undefined,
  entry: ToolEntry,
  options: ResultOptions,
  meta: Record<string, unknown>,
  status: number,
): CallToolResult {
  if (entry.definition.outputSchema === undefined) {
    // Nothing advertised: a JSON value goes out as it came (when it can be sent at all), else text alone.
    const sendable = structured !== undefined && 'value' in structured ? check(structured, options) : undefined;
    return sendable !== undefined && 'value' in sendable ? { content, structuredContent: sendable.value as Record<string, unknown>, _meta: meta } : { content, _meta: meta };
  }
  const checked = check(structured ?? { problem: 'the answer is not JSON' }, options);
  if ('value' in checked) return { content, structuredContent: checked.value, _meta: meta };
  const problem = checked.problem;
  const reason = shortenAtWord((options.redact ?? ((t: string) => t))(problem), 500);
  const note = `[The upstream call succeeded (HTTP ${status}), but its answer does not match this tool's declared output schema: ${reason}. `
    + 'The data is returned above as text; the result is flagged as an error only so that MCP clients which check structured results accept it.]';
  return { content: [...content, { type: 'text', text: note }], isError: true, _meta: meta };
}

function check(structured: Structured, options: ResultOptions): Structured {
  if ('problem' in structured) return structured;
  const { value } = structured;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'the JSON value is not an object' };
  // Deeper values break the recursion of schema checks and of the JSON serializer sending the
  // result (the call then got no answer at all): the text goes out, flagged, without structuredContent.
  if (nestsDeeperThan(value, MAX_STRUCTURED_DEPTH)) return { problem: `the JSON value nests deeper than ${MAX_STRUCTURED_DEPTH} levels` };
  let problem: string | undefined;
  try {
    problem = options.validateOutput?.(value);
  } catch {
    problem = 'the schema check failed to run';
  }
  return problem === undefined ? structured : { problem };
}

/** How deep `structuredContent` may nest (real APIs stay far below; 10,000 levels crashed the reply). */
export const MAX_STRUCTURED_DEPTH = 200;

/** Iterative, so the check itself cannot overflow the stack. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** An empty body as structured content: `{ [wrappedIn]: null }` or `{}`, when the schema accepts that. */
function emptyStructured(entry: ToolEntry, options: ResultOptions): Structured {
  const wrappedIn = entry.binding.output?.wrappedIn;
  const value = wrappedIn !== undefined ? { [wrappedIn]: null } : {};
  let accepted: boolean;
  try {
    accepted = options.validateOutput?.(value) === undefined;
  } catch {
    accepted = false;
  }
  return accepted ? { value } : { problem: 'the answer has no body' };
}

function wrap(value: unknown, entry: ToolEntry): unknown {
  const wrappedIn = entry.binding.output?.wrappedIn;
  return wrappedIn !== undefined ? { [wrappedIn]: value } : value;
}

function kindOf(mediaType: string): Kind {
  if (mediaType === '') return 'unknown';
  if (mediaType === 'application/json' || mediaType.endsWith('+json') || mediaType === 'text/json') return 'json';
  if (mediaType.startsWith('image/')) return mediaType === 'image/svg+xml' ? 'text' : 'image';
  if (mediaType.startsWith('audio/')) return 'audio';
  if (mediaType.startsWith('text/') || mediaType.endsWith('+xml') || mediaType.endsWith('+yaml')) return 'text';
  if (/^application\/(xml|yaml|x-yaml|javascript|ecmascript|x-www-form-urlencoded|graphql|sql|csv|x-ndjson|jsonl|x-sh|toml)$/.test(mediaType)) return 'text';
  return 'binary';
}

function summary(body: Body, mediaType: string): string {
  return `${body.exact ? '' : 'more than '}${body.total} bytes of ${mediaType || 'an unknown type'}`;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Removes whitespace outside strings in one linear pass (numbers keep every digit as sent). Only
 * called on text that parsed as JSON. A string is skipped with `indexOf` to its closing quote (most
 * of an API answer's bytes are in strings), so compact text costs little more than that search.
 */
function minifyJson(text: string): string {
  let parts: string[] | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) break; // not JSON after all: the rest stays as it is
      i = end;
    } else if (c === 32 || c === 10 || c === 13 || c === 9) {
      if (i > start) (parts ??= []).push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (start === 0) return text;
  parts ??= [];
  if (start < text.length) parts.push(text.slice(start));
  return parts.join('');
}

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let count = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === 92; i--) count++;
  return count % 2 === 1;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Cuts `text` to `max` UTF-8 bytes on a character boundary and appends a marker naming the cut.
 * `body` gives the true size (the text may already be a prefix of the body).
 */
function truncate(text: string, max: number, body: Pick<Body, 'total' | 'exact' | 'complete'>, what: 'text' | 'compact'): string {
  const size = byteLength(text);
  if (size <= max && body.complete) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(Math.min(max, size)));
  const shown = byteLength(text.slice(0, read));
  // A redacted text differs in size from the body; the complete text's own size is then the truth.
  const total = body.complete ? size : Math.max(body.total, size);
  const kept = text.slice(0, read);
  if (!body.exact) return `${kept}${what === 'compact' ? '…' : '\n\n'}[truncated: only the first ${shown} bytes of more than ${total} are shown]`;
  if (what === 'compact') return `${kept}… [truncated: ${shown} of ${total} bytes shown]`;
  return `${kept}\n\n[… truncated: ${total - shown} of ${total} bytes cut]`;
}
