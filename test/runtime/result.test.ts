import type { OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { fromJsonSchema, type CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TEXT_BYTES, STATUS_META_KEY, toToolResult, type ResultOptions } from '../../templates/runtime/result.gen.js';
import type { JsonSchemaObject, ToolEntry } from '../../templates/runtime/types.gen.js';
import { nodeExchange, type UpstreamResponse } from '../../templates/runtime/upstream.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';

/**
 * A tool whose spec answer is JSON but which advertises no outputSchema (compact mode leaves out
 * all but small ones): `binding.output` without `definition.outputSchema`.
 */
function unadvertised(wrappedIn?: string): ToolEntry {
  const tool = entry();
  return { ...tool, binding: { ...tool.binding, output: { status: '200', mediaType: 'application/json', ...(wrappedIn ? { wrappedIn } : {}) } } as ToolEntry['binding'] };
}

function entry(outputSchema?: JsonSchemaObject, wrappedIn?: string): ToolEntry {
  return {
    definition: { name: 'get_thing', description: 'Gets a thing.', inputSchema: { type: 'object' }, ...(outputSchema ? { outputSchema } : {}) },
    binding: {
      kind: 'http',
      method: 'GET',
      path: '/thing',
      arguments: {},
      security: [],
      ...(outputSchema ? { output: { status: '200', mediaType: 'application/json', ...(wrappedIn ? { wrappedIn } : {}) } } : {}),
    },
  };
}

/** The SDK's own JSON Schema validator, as the tool table compiles it. */
function validator(schema: JsonSchemaObject): (value: unknown) => string | undefined {
  const compiled = fromJsonSchema(schema);
  return (value) => {
    const result = compiled['~standard'].validate(value);
    if (result instanceof Promise) throw new Error('async validator');
    return result.issues === undefined ? undefined : result.issues.map((i) => i.message).join('; ');
  };
}

const THING = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'] };
const LIST = { type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] };
const OPEN = { type: 'object', properties: { id: { type: 'integer' } } };
const PLAIN = entry();
const TYPED = entry(THING);
const WRAPPED = entry(LIST, 'result');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let upstream: RecordingUpstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());

interface Answer {
  status?: number;
  headers?: OutgoingHttpHeaders;
  /** Written in this many pieces (chunked, no Content-Length). */
  body?: string | Buffer | Array<string | Buffer>;
}

/** How the answer is fetched: node:http (the tool caller's default), or fetch (a given fetch, the afterResponse hook). */
type Via = 'node:http' | 'fetch';

async function answerVia(via: Via, url: string): Promise<Response | UpstreamResponse> {
  if (via === 'fetch') return fetch(url);
  return nodeExchange({ method: 'GET', url: new URL(url), headers: new Headers(), signal: new AbortController().signal });
}

/** The upstream answers as told; the real response goes through toToolResult. */
async function resultFor(answer: Answer, tool: ToolEntry = PLAIN, options: Partial<ResultOptions> = {}, via: Via = 'node:http'): Promise<CallToolResult> {
  upstream.handler = (_req, res) => {
    res.writeHead(answer.status ?? 200, answer.headers ?? {});
    if (Array.isArray(answer.body)) {
      for (const piece of answer.body) res.write(piece);
      res.end();
    } else {
      res.end(answer.body ?? '');
    }
  };
  const response = await answerVia(via, `${upstream.url}/thing`);
  const schema = tool.definition.outputSchema;
  return toToolResult(response, tool, { maxTextBytes: DEFAULT_MAX_TEXT_BYTES, ...(schema ? { validateOutput: validator(schema) } : {}), ...options });
}

const json = { 'content-type': 'application/json' };
const mismatchNote = (status: number, reason: string): string =>
  `[The upstream call succeeded (HTTP ${status}), but its answer does not match this tool's declared output schema: ${reason}. `
  + 'The data is returned above as text; the result is flagged as an error only so that MCP clients which check structured results accept it.]';

describe.each(['node:http', 'fetch'] as const)('toToolResult (answer via %s)', (via) => {
  const cases: Array<{ name: string; given: { answer: Answer; tool?: ToolEntry; options?: Partial<ResultOptions> }; want: CallToolResult }> = [
    {
      name: 'JSON without an outputSchema: text only, whitespace removed, big numbers kept digit for digit',
      given: { answer: { headers: json, body: '{\n  "id": 12345678901234567890,\n  "name": "a  b"\n}\n' } },
      want: { content: [{ type: 'text', text: '{"id":12345678901234567890,"name":"a  b"}' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'JSON for a tool that advertises no outputSchema but answers JSON: structuredContent as it came, unchecked',
      given: { answer: { headers: json, body: '{"id": "seven", "extra": [1]}' }, tool: unadvertised() },
      want: { content: [{ type: 'text', text: '{"id":"seven","extra":[1]}' }], structuredContent: { id: 'seven', extra: [1] }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a list for such a tool is wrapped as the mapping says',
      given: { answer: { headers: json, body: '[1, 2]' }, tool: unadvertised('result') },
      want: { content: [{ type: 'text', text: '[1,2]' }], structuredContent: { result: [1, 2] }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a non-object for such an unwrapped tool: text alone, not flagged',
      given: { answer: { headers: json, body: '[1, 2]' }, tool: unadvertised() },
      want: { content: [{ type: 'text', text: '[1,2]' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a text/plain JSON body for such a tool counts as JSON',
      given: { answer: { headers: { 'content-type': 'text/plain' }, body: '{"id":3}' }, tool: unadvertised() },
      want: { content: [{ type: 'text', text: '{"id":3}' }], structuredContent: { id: 3 }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'not JSON for such a tool: text alone, not flagged',
      given: { answer: { headers: { 'content-type': 'text/plain' }, body: 'fine' }, tool: unadvertised() },
      want: { content: [{ type: 'text', text: 'fine' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: '204 for such a tool: the sentence alone, no structuredContent',
      given: { answer: { status: 204 }, tool: unadvertised() },
      want: { content: [{ type: 'text', text: 'HTTP 204 No Content: the upstream answered with no content.' }], _meta: { [STATUS_META_KEY]: 204 } },
    },
    {
      name: 'JSON whitespace: only what is outside strings goes; escaped quotes and backslashes end no string early',
      given: { answer: { headers: json, body: '{ "a" : "x \\" y" ,\t"b":\r\n[ "\\\\", "q\\\\\\"  r" ], "c d": " " }' } },
      want: { content: [{ type: 'text', text: '{"a":"x \\" y","b":["\\\\","q\\\\\\"  r"],"c d":" "}' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a gzip-encoded JSON answer is decoded',
      given: { answer: { headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync('{"id": 9}') }, tool: TYPED },
      want: { content: [{ type: 'text', text: '{"id":9}' }], structuredContent: { id: 9 }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'JSON matching the outputSchema: structuredContent and text',
      given: { answer: { status: 201, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"id": 7, "name": "x"}' }, tool: TYPED },
      want: { content: [{ type: 'text', text: '{"id":7,"name":"x"}' }], structuredContent: { id: 7, name: 'x' }, _meta: { [STATUS_META_KEY]: 201 } },
    },
    {
      name: '+json media types are JSON',
      given: { answer: { headers: { 'content-type': 'application/vnd.api+json' }, body: '{"id":1}' }, tool: TYPED },
      want: { content: [{ type: 'text', text: '{"id":1}' }], structuredContent: { id: 1 }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a wrapped (non-object) result is wrapped in structuredContent, the text stays as sent',
      given: { answer: { headers: json, body: '["a", "b"]' }, tool: WRAPPED },
      want: { content: [{ type: 'text', text: '["a","b"]' }], structuredContent: { result: ['a', 'b'] }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'an outputSchema mismatch: isError, the data as text, a note naming the mismatch, no structuredContent',
      given: { answer: { headers: json, body: '{"id":"seven"}' }, tool: TYPED },
      want: {
        content: [{ type: 'text', text: '{"id":"seven"}' }, { type: 'text', text: mismatchNote(200, 'data/id must be integer') }],
        isError: true,
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
    {
      name: 'a non-object JSON value for an object schema is a mismatch',
      given: { answer: { headers: json, body: '[1,2]' }, tool: TYPED },
      want: {
        content: [{ type: 'text', text: '[1,2]' }, { type: 'text', text: mismatchNote(200, 'the JSON value is not an object') }],
        isError: true,
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
    {
      name: 'a text/plain body that is JSON counts as JSON when the tool has an outputSchema',
      given: { answer: { headers: { 'content-type': 'text/plain' }, body: '{"id":3}' }, tool: TYPED },
      want: { content: [{ type: 'text', text: '{"id":3}' }], structuredContent: { id: 3 }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a non-JSON answer to a tool with an outputSchema goes back as a flagged text',
      given: { answer: { headers: { 'content-type': 'text/html' }, body: '<p>hi</p>' }, tool: TYPED },
      want: {
        content: [{ type: 'text', text: '<p>hi</p>' }, { type: 'text', text: mismatchNote(200, 'the answer is not JSON') }],
        isError: true,
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
    {
      name: 'a body labelled JSON that does not parse is returned as text with a note',
      given: { answer: { headers: json, body: '{"id": 1,' } },
      want: { content: [{ type: 'text', text: '{"id": 1,\n\n[The body is labelled application/json but is not valid JSON.]' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'an image becomes image content (base64)',
      given: { answer: { headers: { 'content-type': 'image/png' }, body: PNG } },
      want: { content: [{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'audio becomes audio content (base64)',
      given: { answer: { headers: { 'content-type': 'audio/wav' }, body: Buffer.from('RIFF0000WAVE') } },
      want: { content: [{ type: 'audio', data: Buffer.from('RIFF0000WAVE').toString('base64'), mimeType: 'audio/wav' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'an image larger than the body limit is summarized',
      given: { answer: { headers: { 'content-type': 'image/png' }, body: Buffer.alloc(64) }, options: { maxBodyBytes: 16 } },
      want: { content: [{ type: 'text', text: 'more than 64 bytes of image/png' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'text in its declared charset',
      given: { answer: { headers: { 'content-type': 'text/plain; charset=iso-8859-1' }, body: Buffer.from('café', 'latin1') } },
      want: { content: [{ type: 'text', text: 'café' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'XML is text',
      given: { answer: { headers: { 'content-type': 'application/atom+xml' }, body: '<feed/>' } },
      want: { content: [{ type: 'text', text: '<feed/>' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'binary with a Content-Length is summarized without being read',
      given: { answer: { headers: { 'content-type': 'application/pdf', 'content-length': '2048' }, body: Buffer.alloc(2048, 1) } },
      want: { content: [{ type: 'text', text: '2048 bytes of application/pdf' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'chunked binary is counted',
      given: { answer: { headers: { 'content-type': 'application/octet-stream' }, body: [Buffer.alloc(1000), Buffer.alloc(500)] } },
      want: { content: [{ type: 'text', text: '1500 bytes of application/octet-stream' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'no Content-Type: bytes with NUL are binary',
      given: { answer: { body: Buffer.from([0, 1, 2, 3]) } },
      want: { content: [{ type: 'text', text: '4 bytes of an unknown type' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'no Content-Type: UTF-8 is text',
      given: { answer: { body: 'plain words ✓' } },
      want: { content: [{ type: 'text', text: 'plain words ✓' }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'text over the limit is cut with a marker saying how much',
      given: { answer: { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(300) }, options: { maxTextBytes: 100 } },
      want: { content: [{ type: 'text', text: `${'x'.repeat(100)}\n\n[… truncated: 200 of 300 bytes cut]` }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'the cut falls on a character boundary',
      given: { answer: { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'é'.repeat(60) }, options: { maxTextBytes: 101 } },
      want: { content: [{ type: 'text', text: `${'é'.repeat(50)}\n\n[… truncated: 20 of 120 bytes cut]` }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'a long text body is only counted past the body limit',
      given: { answer: { headers: { 'content-type': 'text/plain' }, body: ['y'.repeat(50), 'y'.repeat(50)] }, options: { maxTextBytes: 10, maxBodyBytes: 60 } },
      want: { content: [{ type: 'text', text: `${'y'.repeat(10)}\n\n[truncated: only the first 10 bytes of more than 100 are shown]` }], _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'long JSON: the text is cut, structuredContent is whole',
      given: { answer: { headers: json, body: JSON.stringify({ id: 1, name: 'n'.repeat(200) }) }, tool: TYPED, options: { maxTextBytes: 20 } },
      want: {
        content: [{ type: 'text', text: '{"id":1,"name":"nnnn\n\n[… truncated: 198 of 218 bytes cut]' }],
        structuredContent: { id: 1, name: 'n'.repeat(200) },
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
    {
      name: '404: isError with status, reason and the body',
      given: { answer: { status: 404, headers: { 'content-type': 'text/plain' }, body: 'no such thing' }, tool: TYPED },
      want: { content: [{ type: 'text', text: 'HTTP 404 Not Found: no such thing' }], isError: true, _meta: { [STATUS_META_KEY]: 404 } },
    },
    {
      name: '500 with a JSON body: compacted',
      given: { answer: { status: 500, headers: { 'content-type': 'application/problem+json' }, body: '{\n  "title": "boom"\n}' } },
      want: { content: [{ type: 'text', text: 'HTTP 500 Internal Server Error: {"title":"boom"}' }], isError: true, _meta: { [STATUS_META_KEY]: 500 } },
    },
    {
      name: 'an error body is quoted up to 2 KB',
      given: { answer: { status: 502, headers: { 'content-type': 'text/html' }, body: 'e'.repeat(5000) } },
      want: { content: [{ type: 'text', text: `HTTP 502 Bad Gateway: ${'e'.repeat(2048)}… [truncated: 2048 of 5000 bytes shown]` }], isError: true, _meta: { [STATUS_META_KEY]: 502 } },
    },
    {
      name: 'an error with a binary body is summarized; an empty one says so',
      given: { answer: { status: 403, headers: { 'content-type': 'application/octet-stream', 'content-length': '3' }, body: 'abc' } },
      want: { content: [{ type: 'text', text: 'HTTP 403 Forbidden: 3 bytes of application/octet-stream' }], isError: true, _meta: { [STATUS_META_KEY]: 403 } },
    },
    {
      name: 'an error with an empty body',
      given: { answer: { status: 401 } },
      want: { content: [{ type: 'text', text: 'HTTP 401 Unauthorized: (empty body)' }], isError: true, _meta: { [STATUS_META_KEY]: 401 } },
    },
    {
      name: '204 without an outputSchema',
      given: { answer: { status: 204 } },
      want: { content: [{ type: 'text', text: 'HTTP 204 No Content: the upstream answered with no content.' }], _meta: { [STATUS_META_KEY]: 204 } },
    },
    {
      name: '204 for a schema that accepts {}: structuredContent {}',
      given: { answer: { status: 204 }, tool: entry(OPEN) },
      want: { content: [{ type: 'text', text: 'HTTP 204 No Content: the upstream answered with no content.' }], structuredContent: {}, _meta: { [STATUS_META_KEY]: 204 } },
    },
    {
      name: 'an empty 200 for a schema with required properties: flagged, with the reason',
      given: { answer: { status: 200, headers: json }, tool: TYPED },
      want: {
        content: [{ type: 'text', text: 'HTTP 200 OK: the upstream answered with an empty body.' }, { type: 'text', text: mismatchNote(200, 'the answer has no body') }],
        isError: true,
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
    {
      name: 'redaction reaches the text and the structured value',
      given: { answer: { headers: json, body: '{"id":1,"name":"token=abc\\"SECRET-99"}' }, tool: TYPED, options: { redact: (t) => t.split('abc\\"SECRET-99').join('[REDACTED]') } },
      want: { content: [{ type: 'text', text: '{"id":1,"name":"token=[REDACTED]"}' }], structuredContent: { id: 1, name: 'token=[REDACTED]' }, _meta: { [STATUS_META_KEY]: 200 } },
    },
    {
      name: 'redaction that breaks the JSON drops the structured value',
      given: { answer: { headers: json, body: '{"id":123456789}' }, tool: TYPED, options: { redact: (t) => t.split('123456789').join('[REDACTED]') } },
      want: {
        content: [{ type: 'text', text: '{"id":[REDACTED]}' }, { type: 'text', text: mismatchNote(200, 'a credential in it could not be removed from the structured value') }],
        isError: true,
        _meta: { [STATUS_META_KEY]: 200 },
      },
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    expect(await resultFor(given.answer, given.tool, given.options, via)).toEqual(want);
  });

  it('a validator that throws counts as a mismatch', async () => {
    const got = await resultFor({ headers: json, body: '{"id":1}' }, TYPED, { validateOutput: () => { throw new Error('boom'); } }, via);
    expect(got.isError).toBe(true);
    expect(got.content?.[1]).toEqual({ type: 'text', text: mismatchNote(200, 'the schema check failed to run') });
  });

  it('a long mismatch is cut between problems, never mid-word', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `property_number_${i}`);
    const MANY = entry({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names });
    const got = await resultFor({ headers: json, body: '{}' }, MANY, {}, via);
    const note = (got.content?.[1] as { text: string }).text;
    const reason = /declared output schema: (.*)\. The data is returned above/.exec(note)?.[1] ?? '';
    expect(reason.length).toBeLessThanOrEqual(500);
    expect(reason).toMatch(/^data must have required property 'property_number_0'[;,] .*'property_number_\d+'[;,]? …$/);
  });

  it('the default text limit is documented as 100 000 bytes', () => {
    expect(DEFAULT_MAX_TEXT_BYTES).toBe(100_000);
  });
});

describe('binary content that carries a credential (issue 12, finding 8)', () => {
  it('is summed up instead of passed on as base64', async () => {
    const secret = 'SECRET-in-the-image-0042';
    const redact = (t: string): string => t.split(secret).join('[REDACTED]');
    const result = await resultFor({ headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.from(secret)]) }, PLAIN, { redact });
    expect(result.content).toEqual([{ type: 'text', text: `HTTP 200 OK: ${PNG.length + secret.length} bytes of image/png, withheld: it contains a credential sent with the request.` }]);
    const clean = await resultFor({ headers: { 'content-type': 'image/png' }, body: PNG }, PLAIN, { redact });
    expect(clean.content).toEqual([{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }]);
  });
});

describe('a deeply nested answer for a tool with an outputSchema (issue 12, finding 12)', () => {
  it('is an error result with the text, not structuredContent the reply could not carry', async () => {
    const deep = `{"id":1,"name":"x","extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const result = await resultFor({ headers: json, body: deep }, TYPED);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content.at(-1)).toMatchObject({ type: 'text', text: expect.stringContaining('the JSON value nests deeper than 200 levels') });
    expect(() => JSON.stringify(result)).not.toThrow();
  });
});

