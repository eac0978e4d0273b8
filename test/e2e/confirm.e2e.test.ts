import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordedRequest, type RecordingUpstream } from '../support/recording-upstream.js';
import { SHOP_SECRETS, shopRoute } from '../support/client-shop.js';

/**
 * Human in the loop from the user's side: the shop package generated, installed and built; its
 * `deleteItem` (DELETE, destructiveHint) confirmed through the package's typed client
 * (`onElicitation`) over Streamable HTTP, and through the official client on a 2025-11-25 stdio
 * connection, where the SDK turns the server's input_required into a real elicitation request (and on a
 * 2025-11-25 HTTP connection, where it cannot: the endpoint is stateless for such clients).
 */
type Elicit = { message: string; requestedSchema: { properties: Record<string, unknown> } };
interface ConfirmClient {
  deleteItem(args: { itemId: number }): Promise<unknown>;
  close(): Promise<void>;
}
interface ConfirmClientModule {
  createClient(options: Record<string, unknown>): Promise<ConfirmClient>;
  ToolCallError: new (...args: never[]) => Error;
  InputRequiredError: new (...args: never[]) => Error;
}

let upstream: RecordingUpstream;
let dir: string;
let client: ConfirmClientModule;
let server: RunningServer | undefined;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const r = shopRoute(req);
    res.writeHead(r.status, r.type ? { 'content-type': r.type } : {}).end(r.body);
  });
  dir = buildGeneratedPackage('test/fixtures/e2e/shop.3.0.yaml', 'shop-mcp', { __TOKEN_URL__: `${upstream.url}/token` });
  client = (await import(pathToFileURL(join(dir, 'dist/client/index.js')).href)) as ConfirmClientModule;
  server = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], { ...process.env, ...SHOP_SECRETS });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

const deletes = (): RecordedRequest[] => upstream.requests.filter((r) => r.method === 'DELETE');

describe('typed client, Streamable HTTP, default --confirm destructive', () => {
  it('onElicitation accepts: the form says what will happen, then the DELETE is sent', async () => {
    upstream.requests.length = 0;
    const asked: Elicit[] = [];
    const api = await client.createClient({
      url: server!.url,
      onElicitation: (request: Elicit) => {
        asked.push(request);
        return { action: 'accept', content: { confirm: true } };
      },
    });
    await api.deleteItem({ itemId: 7 });
    await api.close();
    expect(deletes().map((r) => r.url)).toEqual(['/api/items/7']);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toContain(`Request: DELETE ${upstream.url}/api/items/7`);
    expect(Object.keys(asked[0]!.requestedSchema.properties)).toEqual(['confirm']);
  });

  it('onElicitation declines: ToolCallError "declined by the user", nothing sent', async () => {
    upstream.requests.length = 0;
    const api = await client.createClient({ url: server!.url, onElicitation: () => ({ action: 'decline' }) });
    const error = await api.deleteItem({ itemId: 7 }).catch((e: unknown) => e);
    await api.close();
    expect(error).toBeInstanceOf(client.ToolCallError);
    expect((error as Error).message).toMatch(/declined by the user/);
    expect(deletes()).toEqual([]);
  });

  it('no onElicitation: InputRequiredError naming the question, nothing sent', async () => {
    upstream.requests.length = 0;
    const api = await client.createClient({ url: server!.url });
    const error = await api.deleteItem({ itemId: 7 }).catch((e: unknown) => e);
    await api.close();
    expect(error).toBeInstanceOf(client.InputRequiredError);
    expect((error as Error).message).toMatch(/^deleteItem asked for input: "Allow \\"deleteItem\\"\? It may delete or overwrite data\.\\nRequest: DELETE .* \(fields: confirm\); pass onElicitation/);
    expect(deletes()).toEqual([]);
  });
});

describe('two server processes sharing <PREFIX>STATE_KEY', () => {
  it("one resumes the other's call; a process with another key refuses it with -32602", async () => {
    const env = (key: string) => ({ ...process.env, ...SHOP_SECRETS, SHOP_STATE_KEY: key });
    const a = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], env('k'.repeat(40)));
    const b = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], env('k'.repeat(40)));
    const c = await startHttpServer(dir, ['--base-url', `${upstream.url}/api`], env('z'.repeat(40)));
    const manual = async (url: string): Promise<Client> => {
      const official = new Client({ name: 'manual', version: '1' }, { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } }, inputRequired: { autoFulfill: false } });
      official.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
      await official.connect(new StreamableHTTPClientTransport(new URL(url)));
      return official;
    };
    try {
      upstream.requests.length = 0;
      const [onA, onB, onC] = [await manual(a.url), await manual(b.url), await manual(c.url)];
      const first = (await onA.callTool({ name: 'deleteItem', arguments: { itemId: 7 } }, { allowInputRequired: true })) as unknown as { resultType: string; requestState: string };
      expect(first.resultType).toBe('input_required');
      const retry = { name: 'deleteItem', arguments: { itemId: 7 }, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: first.requestState };
      await expect(onC.callTool(retry as unknown as Parameters<Client['callTool']>[0])).rejects.toMatchObject({ code: -32602 });
      expect(deletes()).toEqual([]);
      const done = await onB.callTool(retry as unknown as Parameters<Client['callTool']>[0]);
      expect(done.isError).toBeFalsy();
      expect(deletes().map((r) => r.url)).toEqual(['/api/items/7']);
      for (const client of [onA, onB, onC]) await client.close();
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  }, 60_000);
});

describe('official client, 2025-11-25 over stdio (the SDK sends elicitation/create itself)', () => {
  async function legacyCall(answer: Record<string, unknown>): Promise<{ isError?: boolean; text: string; asked: number }> {
    let asked = 0;
    const legacy = new Client({ name: 'legacy', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    legacy.setRequestHandler('elicitation/create', async () => {
      asked++;
      return answer as never;
    });
    await legacy.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(dir, 'dist/main.js'), '--base-url', `${upstream.url}/api`],
        env: { ...getDefaultEnvironment(), ...SHOP_SECRETS },
        stderr: 'pipe',
      }),
    );
    const result = await legacy.callTool({ name: 'deleteItem', arguments: { itemId: 7 } });
    await legacy.close();
    const text = (result.content as Array<{ text?: string }>)[0]?.text ?? '';
    return { ...(result.isError !== undefined ? { isError: result.isError as boolean } : {}), text, asked };
  }

  it('accepted: sent once', async () => {
    upstream.requests.length = 0;
    const result = await legacyCall({ action: 'accept', content: { confirm: true } });
    expect(result.asked).toBe(1);
    expect(result.isError).toBeFalsy();
    expect(deletes().map((r) => r.url)).toEqual(['/api/items/7']);
  }, 30_000);

  it('cancelled: declined, nothing sent', async () => {
    upstream.requests.length = 0;
    const result = await legacyCall({ action: 'cancel' });
    expect(result).toMatchObject({ isError: true, asked: 1 });
    expect(result.text).toMatch(/^deleteItem: declined by the user \(cancelled\)/);
    expect(deletes()).toEqual([]);
  }, 30_000);
});

describe('official client, 2025-11-25 over HTTP (stateless for such clients: the server cannot ask)', () => {
  it('declared elicitation, yet refused with the real reason and how to allow it; nothing sent', async () => {
    upstream.requests.length = 0;
    let asked = 0;
    const legacy = new Client({ name: 'legacy', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    legacy.setRequestHandler('elicitation/create', async () => {
      asked++;
      return { action: 'accept', content: { confirm: true } };
    });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(server!.url)));
    try {
      const result = await legacy.callTool({ name: 'deleteItem', arguments: { itemId: 7 } });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text?: string }>)[0]?.text).toBe(
        "deleteItem may delete or overwrite data and needs the user's confirmation first, but the server cannot ask this client: " +
          'the request does not say what the client can do (a 2025-era client over HTTP, where this server keeps no session, ' +
          'cannot be asked; stdio and 2026-07-28 clients can). To allow such calls without confirmation, start the server with ' +
          '--confirm none (or set SHOP_CONFIRM=none).',
      );
      expect(result._meta?.['openapi-mcp/declined']).toBe('unconfirmed');
      expect(asked).toBe(0);
      expect(deletes()).toEqual([]);
    } finally {
      await legacy.close();
    }
  }, 30_000);
});
