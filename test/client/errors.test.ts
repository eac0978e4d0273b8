import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { unwrapResult } from '../../templates/client/call.gen.js';
import { ERROR_META_KEY, InputRequiredError, STATUS_META_KEY, ToolCallError } from '../../templates/client/errors.gen.js';
import * as serverResult from '../../templates/runtime/result.gen.js';

const text = (t: string): CallToolResult['content'][number] => ({ type: 'text', text: t });

describe('ToolCallError', () => {
  it('uses the server runtime\'s _meta keys', () => {
    expect([STATUS_META_KEY, ERROR_META_KEY]).toEqual([serverResult.STATUS_META_KEY, serverResult.ERROR_META_KEY]);
  });

  const long = 'x'.repeat(600) + 'y'.repeat(600);
  const cases: { name: string; given: CallToolResult; want: { message: string; status: number | undefined; kind: string | undefined } }[] = [
    {
      name: 'an upstream error response: the status is in the text already',
      given: { content: [text('HTTP 404 Not Found: {"message":"no such item"}')], isError: true, _meta: { [STATUS_META_KEY]: 404 } },
      want: { message: 'get_item: HTTP 404 Not Found: {"message":"no such item"}', status: 404, kind: undefined },
    },
    {
      name: 'a success that failed the output schema: the status is added',
      given: { content: [text('{"id":"x"}'), text('[The upstream call succeeded (HTTP 200), but …]')], isError: true, _meta: { [STATUS_META_KEY]: 200 } },
      want: { message: 'get_item: HTTP 200: {"id":"x"}\n[The upstream call succeeded (HTTP 200), but …]', status: 200, kind: undefined },
    },
    {
      name: 'no response',
      given: { content: [text('The upstream did not answer within 30000 ms.')], isError: true, _meta: { [ERROR_META_KEY]: 'timeout' } },
      want: { message: 'get_item: The upstream did not answer within 30000 ms.', status: undefined, kind: 'timeout' },
    },
    {
      name: 'arguments rejected by the server (no _meta)',
      given: { content: [text('Input validation error: data/itemId must be integer')], isError: true },
      want: { message: 'get_item: Input validation error: data/itemId must be integer', status: undefined, kind: undefined },
    },
    {
      name: 'a text that names the tool already (a declined confirmation) is not prefixed twice',
      given: { content: [text('get_item: declined by the user; the call did not run.')], isError: true, _meta: { 'openapi-mcp/declined': 'declined' } },
      want: { message: 'get_item: declined by the user; the call did not run.', status: undefined, kind: undefined },
    },
    { name: 'no text', given: { content: [], isError: true }, want: { message: 'get_item: (no message)', status: undefined, kind: undefined } },
    {
      name: 'a long text keeps its start and end',
      given: { content: [text(long)], isError: true },
      want: { message: `get_item: ${'x'.repeat(500)} … ${'y'.repeat(500)}`, status: undefined, kind: undefined },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const error = new ToolCallError('get_item', given);
      expect({ message: error.message, status: error.status, kind: error.kind }).toEqual(want);
      expect(error.name).toBe('ToolCallError');
      expect(error.tool).toBe('get_item');
      expect(error.result).toBe(given);
      expect(error).toBeInstanceOf(Error);
    });
  }
});

describe('InputRequiredError', () => {
  const cases: { name: string; given: ConstructorParameters<typeof InputRequiredError>[1]; want: string }[] = [
    {
      name: 'an elicitation',
      given: [{ method: 'elicitation/create', message: 'Really delete octocat/hello?', fields: ['confirm'] }],
      want: 'delete_repo asked for input: "Really delete octocat/hello?" (fields: confirm); pass onElicitation to createClient to answer it',
    },
    {
      name: 'something the client cannot do',
      given: [{ method: 'sampling/createMessage' }],
      want: 'delete_repo asked for input: sampling/createMessage; this client cannot answer such requests',
    },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(new InputRequiredError('delete_repo', given).message).toBe(want));
});

describe('unwrapResult', () => {
  const cases: { name: string; given: [Parameters<typeof unwrapResult>[0], CallToolResult]; want: unknown }[] = [
    { name: 'structured content as is', given: [{ tool: 't', part: 'part-t' }, { content: [], structuredContent: { id: 7 } }], want: { id: 7 } },
    { name: 'a wrapped array, unwrapped', given: [{ tool: 't', part: 'part-t', wrappedIn: 'result' }, { content: [], structuredContent: { result: [1, 2] } }], want: [1, 2] },
    { name: 'a wrapped null', given: [{ tool: 't', part: 'part-t', wrappedIn: 'result' }, { content: [], structuredContent: { result: null } }], want: null },
    { name: 'no structuredContent: the text', given: [{ tool: 't', part: 'part-t' }, { content: [text('day,total'), { type: 'image', data: 'AA==', mimeType: 'image/png' }, text('1,10')] }], want: 'day,total\n1,10' },
  ];
  for (const { name, given, want } of cases) it(name, () => expect(unwrapResult(...given)).toEqual(want));

  it('an isError result throws a ToolCallError', () => {
    const result: CallToolResult = { content: [text('HTTP 500 Internal Server Error: boom')], isError: true, _meta: { [STATUS_META_KEY]: 500 } };
    let thrown: unknown;
    try {
      unwrapResult({ tool: 't', part: 'part-t' }, result);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolCallError);
    expect({ message: (thrown as ToolCallError).message, status: (thrown as ToolCallError).status }).toEqual({ message: 't: HTTP 500 Internal Server Error: boom', status: 500 });
  });
});
