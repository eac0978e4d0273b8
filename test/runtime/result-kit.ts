import type { OutgoingHttpHeaders } from 'node:http';
import { fromJsonSchema, type CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TEXT_BYTES, toToolResult, type ResultOptions } from '../../templates/runtime/result.gen.js';
import type { JsonSchemaObject, ToolEntry } from '../../templates/runtime/types.gen.js';
import { nodeExchange, type UpstreamResponse } from '../../templates/runtime/upstream.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';

/**
 * A tool whose spec answer is JSON but which advertises no outputSchema (compact mode leaves out
 * all but small ones): `binding.output` without `definition.outputSchema`.
 */
export function unadvertised(wrappedIn?: string): ToolEntry {
  const tool = entry();
  return { ...tool, binding: { ...tool.binding, output: { status: '200', mediaType: 'application/json', ...(wrappedIn ? { wrappedIn } : {}) } } as ToolEntry['binding'] };
}

export function entry(outputSchema?: JsonSchemaObject, wrappedIn?: string): ToolEntry {
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
export const PLAIN = entry();
export const TYPED = entry(THING);
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export interface Answer {
  status?: number;
  headers?: OutgoingHttpHeaders;
  /** Written in this many pieces (chunked, no Content-Length). */
  body?: string | Buffer | Array<string | Buffer>;
}

/** How the answer is fetched: node:http (the tool caller's default), or fetch (a given fetch, the afterResponse hook). */
export type Via = 'node:http' | 'fetch';

async function answerVia(via: Via, url: string): Promise<Response | UpstreamResponse> {
  if (via === 'fetch') return fetch(url);
  return nodeExchange({ method: 'GET', url: new URL(url), headers: new Headers(), signal: new AbortController().signal });
}

/** The upstream answers as told; the real response goes through toToolResult. */
export type ResultFor = (answer: Answer, tool?: ToolEntry, options?: Partial<ResultOptions>, via?: Via) => Promise<CallToolResult>;

/** The upstream for one test file (or describe block): started before its tests, closed after them. */
export function useResultUpstream(): ResultFor {
  let upstream: RecordingUpstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(() => upstream.close());
  return async (answer, tool = PLAIN, options = {}, via = 'node:http') => {
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
  };
}

export const json = { 'content-type': 'application/json' };
export const mismatchNote = (status: number, reason: string): string =>
  `[The upstream call succeeded (HTTP ${status}), but its answer does not match this tool's declared output schema: ${reason}. `
  + 'The data is returned above as text; the result is flagged as an error only so that MCP clients which check structured results accept it.]';

export interface ResultCase {
  name: string;
  given: { answer: Answer; tool?: ToolEntry; options?: Partial<ResultOptions> };
  want: CallToolResult;
}

/** Each case once per way of fetching, in `toToolResult (answer via …)`; `more` adds tests to that block. */
export function describeResultCases(resultFor: ResultFor, cases: ResultCase[], more?: (via: Via) => void): void {
  describe.each(['node:http', 'fetch'] as const)('toToolResult (answer via %s)', (via) => {
    it.each(cases)('$name', async ({ given, want }) => {
      expect(await resultFor(given.answer, given.tool, given.options, via)).toEqual(want);
    });
    more?.(via);
  });
}
