import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connect, gate, KEY, retry, start, text, useGate } from './input-gate-kit.js';

/** The state a call that asks the user carries between its rounds (the kit: input-gate-kit.ts). */

useGate();

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
    expect(gate.upstream.requests).toEqual([]);
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
    expect(gate.upstream.requests).toEqual([]);
  });

  it('state minted for other arguments is refused (an isError: the SDK turns handler errors into results); nothing is sent', async () => {
    const server = await start([], { FIXTURE_API_STATE_KEY: KEY });
    const { client } = await connect(server, () => ({ action: 'accept', content: { confirm: true } }), true);
    const { requestState } = await firstRound(client, 'harmless');
    const result = await client.callTool(retry({ name: 'delete_item', arguments: { id: 'precious' }, inputResponses: accepted, requestState }));
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Invalid or expired requestState');
    expect(gate.upstream.requests).toEqual([]);
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
    expect(gate.upstream.requests).toEqual([]);
    const result = await onB.callTool(again);
    expect(result.isError).toBeFalsy();
    expect(gate.upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/items/7']);
  });
});
