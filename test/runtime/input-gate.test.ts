import type { ElicitResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { main } from '../../templates/runtime/cli.gen.js';
import { defineHooks } from '../../templates/runtime/hooks.gen.js';
import { connect, gate, start, text, tools, useGate } from './input-gate-kit.js';
import { fixtureConfig } from './server-fixtures.js';

/** Human in the loop end to end: confirmation, policies, hooks and missing arguments (the kit: input-gate-kit.ts). */

useGate();

describe('confirmation before destructive calls (default policy)', () => {
  it('accepted: shows method, URL with the real values, host and arguments, then sends the request', async () => {
    const server = await start();
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    const result = await client.callTool({ name: 'delete_item', arguments: { id: 'a b' } });
    expect(result.isError).toBeFalsy();
    expect(gate.upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/a%20b']);
    expect(asked).toHaveLength(1);
    const host = new URL(gate.upstream.url).host;
    expect(asked[0]!.message).toBe(
      [
        'Allow "Delete an item" (delete_item)? It may delete or overwrite data.',
        `Request: DELETE ${gate.upstream.url}/api/items/a%20b`,
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
      expect(gate.upstream.requests).toEqual([]);
    });
  }

  it('read-only and non-destructive tools are not confirmed', async () => {
    const server = await start();
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    await client.callTool({ name: 'get_item', arguments: { id: '1' } });
    await client.callTool({ name: 'create_item', arguments: { name: 'n', size: 'small' } });
    expect(asked).toEqual([]);
    expect(gate.upstream.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
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
    expect(gate.upstream.requests).toEqual([]);
  });
});

describe('policies and hooks', () => {
  it('--confirm none runs destructive calls without asking', async () => {
    const server = await start(['--confirm', 'none']);
    const { client } = await connect(server);
    const result = await client.callTool({ name: 'delete_item', arguments: { id: '7' } });
    expect(result.isError).toBeFalsy();
    expect(gate.upstream.requests.map((r) => r.method)).toEqual(['DELETE']);
  });

  it('<PREFIX>CONFIRM=writes (any case) asks before every call not marked read-only', async () => {
    const server = await start([], { FIXTURE_API_CONFIRM: 'Writes' });
    const { client, asked } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }));
    await client.callTool({ name: 'create_item', arguments: { name: 'n', size: 'small' } });
    await client.callTool({ name: 'get_item', arguments: { id: '1' } });
    expect(asked.map((a) => a.message.split('\n')[0])).toEqual(['Allow "create_item"? It changes data.']);
    expect(gate.upstream.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('the confirm hook decides per call', async () => {
    const hooks = defineHooks({ confirm: (ctx) => (ctx.tool === 'delete_item' && ctx.args['id'] === 'scratch' ? false : undefined) });
    const server = await start([], {}, hooks);
    const { client, asked } = await connect(server, () => ({ action: 'decline' }));
    expect((await client.callTool({ name: 'delete_item', arguments: { id: 'scratch' } })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'delete_item', arguments: { id: 'precious' } })).isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(gate.upstream.requests.map((r) => r.url)).toEqual(['/api/items/scratch']);
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
    expect(JSON.parse(gate.upstream.requests[0]!.body.toString())).toEqual({ name: 'lamp', size: 'large', tags: ['x'] });
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
    expect(gate.upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/42']);
  });

  it('an answer that breaks the schema is a validation error; nothing is sent', async () => {
    const server = await start();
    const { client } = await connect(server, () => ({ action: 'accept', content: { name: 'lamp', size: 'huge' } }));
    const result = await client.callTool({ name: 'create_item', arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Input validation error: Invalid arguments for tool create_item: size must be one of: "small", "large"');
    expect(gate.upstream.requests).toEqual([]);
  });

  it('a declined form is "declined by the user"', async () => {
    const server = await start();
    const { client } = await connect(server, () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'create_item', arguments: {} });
    expect(text(result)).toMatch(/^create_item: declined by the user/);
    expect(gate.upstream.requests).toEqual([]);
  });

  it('without elicitation, the usual validation error', async () => {
    const server = await start();
    const { client } = await connect(server);
    const result = await client.callTool({ name: 'create_item', arguments: { name: 'x' } });
    expect(result.isError).toBe(true);
    // The same text the SDK gives for the full schema (the gate validates with the same validator).
    expect(text(result)).toBe("Input validation error: Invalid arguments for tool create_item: missing required argument \"size\"");
  });
});
