import { Client, StreamableHTTPClientTransport, type ElicitRequestParams, type ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { main, type RunningServer } from '../../templates/runtime/cli.gen.js';
import { defineHooks, type Hooks } from '../../templates/runtime/hooks.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { fixtureConfig } from './server-fixtures.js';

/**
 * Human in the loop end to end: `main` over real HTTP, a recording upstream, the official client
 * answering (or not) the server's `input_required` form elicitations.
 */
export const tools: ToolEntry[] = [
  {
    definition: {
      name: 'delete_item',
      title: 'Delete an item',
      description: 'Deletes one item.',
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The item id' } }, required: ['id'], additionalProperties: false },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    },
    binding: { kind: 'http', method: 'DELETE', path: '/items/{id}', arguments: { id: { in: 'path', name: 'id', required: true } }, security: [] },
    elicit: ['id'],
  },
  {
    definition: {
      name: 'create_item',
      description: 'Creates an item.',
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 }, size: { $ref: '#/$defs/Size' }, tags: { type: 'array', items: { type: 'string' } } },
        required: ['name', 'size'],
        additionalProperties: false,
        $defs: { Size: { type: 'string', enum: ['small', 'large'] } },
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    binding: {
      kind: 'http',
      method: 'POST',
      path: '/items',
      arguments: { name: { in: 'body', name: 'name', required: true }, size: { in: 'body', name: 'size', required: true }, tags: { in: 'body', name: 'tags', required: false } },
      body: { mediaType: 'application/json', required: true },
      security: [],
    },
    elicit: ['name', 'size'],
  },
  {
    definition: {
      name: 'get_item',
      description: 'Reads one item.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
      annotations: { readOnlyHint: true },
    },
    binding: { kind: 'http', method: 'GET', path: '/items/{id}', arguments: { id: { in: 'path', name: 'id', required: true } }, security: [] },
  },
];

export const KEY = 'k'.repeat(40);
/** The recording upstream, emptied before each test. */
export const gate = { upstream: undefined as unknown as RecordingUpstream };
const running: RunningServer[] = [];
const clients: Client[] = [];

/** Starts the upstream for the calling test file; closes the servers and clients a test started. */
export function useGate(): void {
  beforeAll(async () => {
    gate.upstream = await startUpstream();
  });
  afterAll(async () => {
    await gate.upstream?.close();
  });
  beforeEach(() => {
    gate.upstream.requests.length = 0;
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    for (const server of running.splice(0)) await server.close();
  });
}

export async function start(argv: string[] = [], env: Record<string, string> = {}, hooks?: Hooks): Promise<RunningServer> {
  const log: string[] = [];
  const server = await main({
    config: fixtureConfig,
    tools,
    ...(hooks !== undefined ? { hooks } : {}),
    argv: ['--http', '--port', '0', '--base-url', `${gate.upstream.url}/api`, ...argv],
    env,
    log: (line) => void log.push(line),
    handleSignals: false,
  });
  if (server === undefined) throw new Error(`server did not start: ${log.join('\n')}`);
  running.push(server);
  return server;
}

export type Answer = (request: ElicitRequestParams) => ElicitResult | { action: string; content?: Record<string, unknown> };

/** The official client; with `answer` it declares form elicitation and answers every form with it. */
export async function connect(server: RunningServer, answer?: Answer, manual = false): Promise<{ client: Client; asked: ElicitRequestParams[] }> {
  const asked: ElicitRequestParams[] = [];
  const client = new Client(
    { name: 't', version: '1' },
    {
      versionNegotiation: { mode: 'auto' },
      ...(answer !== undefined ? { capabilities: { elicitation: { form: {} } } } : {}),
      ...(manual ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  if (answer !== undefined) {
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params);
      return answer(request.params) as ElicitResult;
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
  clients.push(client);
  return { client, asked };
}

/** A manual retry: the 2026-07-28 `tools/call` params with `inputResponses` and `requestState` (not in the SDK's param type). */
export type CallParams = Parameters<Client['callTool']>[0];
export const retry = (params: { name: string; arguments: Record<string, unknown>; inputResponses: Record<string, unknown>; requestState: string }): CallParams => params as unknown as CallParams;

export const text = (result: { content?: unknown }): string => ((result.content as Array<{ text?: string }>)[0]?.text ?? '');
