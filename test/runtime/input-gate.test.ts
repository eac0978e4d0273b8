import { Client, StreamableHTTPClientTransport, type ElicitRequestParams, type ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main, type RunningServer } from '../../templates/runtime/cli.gen.js';
import { defineHooks, type Hooks } from '../../templates/runtime/hooks.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { fixtureConfig } from './server-fixtures.js';

/**
 * Human in the loop end to end: `main` over real HTTP, a recording upstream, the official client
 * answering (or not) the server's `input_required` form elicitations.
 */
const tools: ToolEntry[] = [
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

const KEY = 'k'.repeat(40);
let upstream: RecordingUpstream;
const running: RunningServer[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of running.splice(0)) await server.close();
});

async function start(argv: string[] = [], env: Record<string, string> = {}, hooks?: Hooks): Promise<RunningServer> {
  const log: string[] = [];
  const server = await main({
    config: fixtureConfig,
    tools,
    ...(hooks !== undefined ? { hooks } : {}),
    argv: ['--http', '--port', '0', '--base-url', `${upstream.url}/api`, ...argv],
    env,
    log: (line) => void log.push(line),
    handleSignals: false,
  });
  if (server === undefined) throw new Error(`server did not start: ${log.join('\n')}`);
  running.push(server);
  return server;
}

type Answer = (request: ElicitRequestParams) => ElicitResult | { action: string; content?: Record<string, unknown> };

/** The official client; with `answer` it declares form elicitation and answers every form with it. */
async function connect(server: RunningServer, answer?: Answer, manual = false): Promise<{ client: Client; asked: ElicitRequestParams[] }> {
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
type CallParams = Parameters<Client['callTool']>[0];
const retry = (params: { name: string; arguments: Record<string, unknown>; inputResponses: Record<string, unknown>; requestState: string }): CallParams => params as unknown as CallParams;

const text = (result: { content?: unknown }): string => ((result.content as Array<{ text?: string }>)[0]?.text ?? '');

describe('confirmation before destructive calls (default policy)', () => {
  it('accepted: shows method, URL with the real values, host and arguments, then sends the request', async () => {
    const server = await start();
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    const result = await client.callTool({ name: 'delete_item', arguments: { id: 'a b' } });
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/a%20b']);
    expect(asked).toHaveLength(1);
    const host = new URL(upstream.url).host;
    expect(asked[0]!.message).toBe(
      [
        'Allow "Delete an item" (delete_item)? It may delete or overwrite data.',
        `Request: DELETE ${upstream.url}/api/items/a%20b`,
        `Sent to: ${host}`,
        'Arguments:',
        '  id = "a b"',
      ].join('\n'),
    );
    expect(asked[0]).toMatchObject({ mode: 'form', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } });
  });

  for (const [name, answer, kind] of [
    ['declined', { action: 'decline' }, 'declined'],
    ['cancelled', { action: 'cancel' }, 'cancelled'],
    ['accepted without the box checked', { action: 'accept', content: { confirm: false } }, 'declined'],
  ] as const) {
    it(`${name}: isError "declined by the user", nothing sent upstream`, async () => {
      const server = await start();
      const { client } = await connect(server, () => answer as ElicitResult);
      const result = await client.callTool({ name: 'delete_item', arguments: { id: '7' } });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^delete_item: declined by the user/);
      expect(result._meta?.['openapi-mcp/declined']).toBe(kind);
      expect(upstream.requests).toEqual([]);
    });
  }

  it('read-only and non-destructive tools are not confirmed', async () => {
    const server = await start();
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    await client.callTool({ name: 'get_item', arguments: { id: '1' } });
    await client.callTool({ name: 'create_item', arguments: { name: 'n', size: 'small' } });
    expect(asked).toEqual([]);
    expect(upstream.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('a client without elicitation is refused with how to allow it; nothing is sent', async () => {
    const server = await start();
    const { client } = await connect(server);
    const result = await client.callTool({ name: 'delete_item', arguments: { id: '7' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      "delete_item may delete or overwrite data and needs the user's confirmation first, but this client cannot ask the user " +
        '(it declares no form elicitation capability). To allow such calls without confirmation, start the server with --confirm none (or set FIXTURE_API_CONFIRM=none).',
    );
    expect(upstream.requests).toEqual([]);
  });
});

describe('policies and hooks', () => {
  it('--confirm none runs destructive calls without asking', async () => {
    const server = await start(['--confirm', 'none']);
    const { client } = await connect(server);
    const result = await client.callTool({ name: 'delete_item', arguments: { id: '7' } });
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.map((r) => r.method)).toEqual(['DELETE']);
  });

  it('<PREFIX>CONFIRM=writes (any case) asks before every call not marked read-only', async () => {
    const server = await start([], { FIXTURE_API_CONFIRM: 'Writes' });
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    await client.callTool({ name: 'create_item', arguments: { name: 'n', size: 'small' } });
    await client.callTool({ name: 'get_item', arguments: { id: '1' } });
    expect(asked.map((a) => a.message.split('\n')[0])).toEqual(['Allow "create_item" (create_item)? It changes data.']);
    expect(upstream.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('the confirm hook decides per call', async () => {
    const hooks = defineHooks({ confirm: (ctx) => (ctx.tool === 'delete_item' && ctx.args['id'] === 'scratch' ? false : undefined) });
    const server = await start([], {}, hooks);
    const { client, asked } = await connect(server, () => ({ action: 'decline' }));
    expect((await client.callTool({ name: 'delete_item', arguments: { id: 'scratch' } })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'delete_item', arguments: { id: 'precious' } })).isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/items/scratch']);
  });

  it('a bad --confirm or STATE_KEY stops the server with one line', async () => {
    const log: string[] = [];
    const codes: number[] = [];
    const base = { config: fixtureConfig, tools, log: (line: string) => void log.push(line), setExitCode: (c: number) => void codes.push(c), handleSignals: false };
    expect(await main({ ...base, argv: ['--confirm', 'always'], env: {} })).toBeUndefined();
    expect(await main({ ...base, argv: [], env: { FIXTURE_API_CONFIRM: 'sometimes' } })).toBeUndefined();
    expect(await main({ ...base, argv: [], env: { FIXTURE_API_STATE_KEY: 'short' } })).toBeUndefined();
    expect(log).toEqual([
      'fixture-api-mcp: --confirm must be one of destructive, writes, none, got "always". Try --help.',
      'fixture-api-mcp: FIXTURE_API_CONFIRM must be one of destructive, writes, none, got "sometimes"',
      'fixture-api-mcp: FIXTURE_API_STATE_KEY must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)',
    ]);
    expect(codes).toEqual([2, 2, 2]);
  });
});

describe('missing arguments are asked for', () => {
  it('several missing primitives in one form (schema, title, description), then the call runs with them', async () => {
    const server = await start();
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { name: 'lamp', size: 'large', extra: 'ignored' } }));
    const result = await client.callTool({ name: 'create_item', arguments: { tags: ['x'] } });
    expect(result.isError).toBeFalsy();
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'create_item needs values the request did not give: name, size.',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', title: 'name', minLength: 1 }, size: { type: 'string', title: 'size', enum: ['small', 'large'] } },
          required: ['name', 'size'],
        },
      },
    ]);
    expect(JSON.parse(upstream.requests[0]!.body.toString())).toEqual({ name: 'lamp', size: 'large', tags: ['x'] });
  });

  it('a missing id, then the confirmation shows the value given', async () => {
    const server = await start();
    const { client, asked } = await connect(server, (request) =>
      'requestedSchema' in request && 'id' in request.requestedSchema.properties ? { action: 'accept', content: { id: '42' } } : { action: 'accept', content: { confirm: true } },
    );
    const result = await client.callTool({ name: 'delete_item', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(asked.map((a) => a.message.split('\n')[0])).toEqual(['Delete an item needs a value the request did not give: id.', 'Allow "Delete an item" (delete_item)? It may delete or overwrite data.']);
    expect(asked[1]!.message).toContain('/api/items/42');
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/42']);
  });

  it('an answer that breaks the schema is a validation error; nothing is sent', async () => {
    const server = await start();
    const { client } = await connect(server, () => ({ action: 'accept', content: { name: 'lamp', size: 'huge' } }));
    const result = await client.callTool({ name: 'create_item', arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Input validation error: Invalid arguments for tool create_item: data/size must be equal to one of the allowed values');
    expect(upstream.requests).toEqual([]);
  });

  it('a declined form is "declined by the user"', async () => {
    const server = await start();
    const { client } = await connect(server, () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'create_item', arguments: {} });
    expect(text(result)).toMatch(/^create_item: declined by the user/);
    expect(upstream.requests).toEqual([]);
  });

  it('without elicitation, the usual validation error', async () => {
    const server = await start();
    const { client } = await connect(server);
    const result = await client.callTool({ name: 'create_item', arguments: { name: 'x' } });
    expect(result.isError).toBe(true);
    // The same text the SDK gives for the full schema (the gate validates with the same validator).
    expect(text(result)).toBe("Input validation error: Invalid arguments for tool create_item: data must have required property 'size'");
  });
});

describe('requestState', () => {
  /** The first round of a delete, as a manual client sees it. */
  async function firstRound(client: Client, id = '7'): Promise<{ requestState: string }> {
    const first = (await client.callTool({ name: 'delete_item', arguments: { id } }, { allowInputRequired: true })) as unknown as { resultType?: string; requestState?: string };
    expect(first.resultType).toBe('input_required');
    expect(typeof first.requestState).toBe('string');
    return { requestState: first.requestState! };
  }
  const accepted = { confirm: { action: 'accept', content: { confirm: true } } };

  it('is sealed: argument values given in a form are not readable in it', async () => {
    const server = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const { client } = await connect(server, () => ({ action: 'accept', content: {} }), true);
    const first = (await client.callTool({ name: 'delete_item', arguments: {} }, { allowInputRequired: true })) as unknown as { requestState: string };
    const second = (await client.callTool(
      retry({ name: 'delete_item', arguments: {}, inputResponses: { missing: { action: 'accept', content: { id: 'top-secret-id' } } }, requestState: first.requestState }),
      { allowInputRequired: true },
    )) as unknown as { resultType: string; requestState: string };
    expect(second.resultType).toBe('input_required');
    const decoded = second.requestState.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join('');
    expect(decoded).not.toContain('top-secret-id');
    expect(upstream.requests).toEqual([]);
  });

  it('tampered state is refused with -32602; nothing is sent', async () => {
    const server = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const { client } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { requestState } = await firstRound(client);
    const [version, body, mac] = requestState.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    payload.p.t = 'get_item';
    const forged = `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    await expect(client.callTool(retry({ name: 'delete_item', arguments: { id: '7' }, inputResponses: accepted, requestState: forged }))).rejects.toMatchObject({ code: -32602 });
    expect(upstream.requests).toEqual([]);
  });

  it('state minted for other arguments is refused (an isError: the SDK turns handler errors into results); nothing is sent', async () => {
    const server = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const { client } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { requestState } = await firstRound(client, 'harmless');
    const result = await client.callTool(retry({ name: 'delete_item', arguments: { id: 'precious' }, inputResponses: accepted, requestState }));
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Invalid or expired requestState');
    expect(upstream.requests).toEqual([]);
  });

  it('two processes sharing STATE_KEY resume each other\'s calls; a different key refuses them', async () => {
    const a = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const b = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const c = await start([], { FIXTURE_API_STATE_KEY: 'z'.repeat(40) });
    const { client: onA } = await connect(a, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { client: onB } = await connect(b, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { client: onC } = await connect(c, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { requestState } = await firstRound(onA);
    const again = retry({ name: 'delete_item', arguments: { id: '7' }, inputResponses: accepted, requestState });
    await expect(onC.callTool(again)).rejects.toMatchObject({ code: -32602 });
    expect(upstream.requests).toEqual([]);
    const result = await onB.callTool(again);
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/7']);
  });
});
