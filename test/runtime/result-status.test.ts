import { STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import { describeResultCases, entry, json, mismatchNote, TYPED, useResultUpstream, type ResultCase } from './result-kit.js';

// toToolResult on the status: error answers (4xx, 5xx) with their quoted bodies, 204, and an empty 200.

const OPEN = { type: 'object', properties: { id: { type: 'integer' } } };

const resultFor = useResultUpstream();

const cases: ResultCase[] = [
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
];

describeResultCases(resultFor, cases);
