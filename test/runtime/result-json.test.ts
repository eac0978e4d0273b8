import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import { describeResultCases, entry, json, mismatchNote, TYPED, unadvertised, useResultUpstream, type ResultCase } from './result-kit.js';

// toToolResult on JSON answers: the compacted text, structuredContent, and the outputSchema check with its note.

const LIST = { type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'] };
const WRAPPED = entry(LIST, 'result');

const resultFor = useResultUpstream();

const cases: ResultCase[] = [
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
    name: 'long JSON: the text is cut, structuredContent is whole',
    given: { answer: { headers: json, body: JSON.stringify({ id: 1, name: 'n'.repeat(200) }) }, tool: TYPED, options: { maxTextBytes: 20 } },
    want: {
      content: [{ type: 'text', text: '{"id":1,"name":"nnnn\n\n[… truncated: 198 of 218 bytes cut]' }],
      structuredContent: { id: 1, name: 'n'.repeat(200) },
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

describeResultCases(resultFor, cases, (via) => {
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
