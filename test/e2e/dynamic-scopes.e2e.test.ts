// Dynamic mode (search_tools, describe_tools, call_tool) honours the same limits as static mode,
// from the user's side: a generated package built and started over HTTP, the official client, a
// recording upstream, and tokens from a real local authorization server (oauth2-mock-server).
// - OAuth: each request's token scopes decide what search_tools finds, what describe_tools
//   describes and what call_tool runs; a call outside them is 403 insufficient_scope, as static.
// - At start: --read-only, --toolsets and --scopes hide tools from all three meta-tools.
// A hidden tool's name never appears, not even as a close match of a mistyped name; nor does a
// toolset none of whose tools the caller may see.
import type { Client } from '@modelcontextprotocol/client';
import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeneratedPackage, freePort, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { connect, rawCall, startIssuer, tokenFrom } from '../support/local-issuer.js';
import type { RecordingUpstream } from '../support/recording-upstream.js';
import { SCOPED_SPEC, startNotesUpstream } from '../support/scoped-notes.js';

const STATIC_TOKEN = 'static-token-0123456789abcdef';

type Result = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

let dir: string;
let upstream: RecordingUpstream;
let issuer: OAuth2Server;
let oauth: RunningServer;
let audience: string;
const servers: RunningServer[] = [];
const clients: Client[] = [];

async function client(url: string, token?: string, mode?: 'legacy'): Promise<Client> {
  const c = await connect(url, token, mode);
  clients.push(c);
  return c;
}

async function meta(c: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await c.callTool({ name, arguments: args })) as Result;
}

async function found(c: Client, query: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const result = await meta(c, 'search_tools', { query, limit: 50, ...extra });
  expect(result.isError).toBeUndefined();
  return (result.structuredContent!.tools as { name: string }[]).map((tool) => tool.name).sort();
}

function text(result: Result): string | undefined {
  return result.isError === true ? result.content[0]?.text : undefined;
}

beforeAll(async () => {
  dir = buildGeneratedPackage(SCOPED_SPEC, 'scoped-mcp');
  upstream = await startNotesUpstream();
  issuer = await startIssuer();
  const port = await freePort();
  audience = `http://127.0.0.1:${port}/mcp`;
  oauth = await startHttpServer(
    dir,
    ['--tools-mode', 'dynamic', '--oauth-issuer', issuer.issuer.url!, '--oauth-audience', audience],
    { ...process.env, SCOPED_BASE_URL: `${upstream.url}/api`, SCOPED_MCP_TOKEN: STATIC_TOKEN },
    port,
  );
  servers.push(oauth);
}, 240_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  for (const server of servers) await server.close();
  await Promise.all([issuer?.stop(), upstream?.close()]);
});

describe('dynamic mode with OAuth: a read-only token', () => {
  let read: Client;
  beforeAll(async () => {
    read = await client(oauth.url, await tokenFrom(issuer, 'read', audience));
  });

  it('lists the three meta-tools, counting only the tools its scopes allow', async () => {
    const { tools } = await read.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_tools', 'describe_tools', 'call_tool']);
    expect(tools[0]!.description).toContain('among the 1 tool of');
    expect(tools[0]!.description).toContain('- notes (1)');
    expect(tools[0]!.description).not.toContain('- admin');
  });

  it('search_tools finds no tool outside its scopes', async () => {
    expect(await found(read, 'note')).toEqual(['listNotes']);
    expect(await found(read, 'create a note')).not.toContain('createNote');
    expect(await found(read, 'delete a note')).not.toContain('deleteNote');
    expect(await found(read, 'usage statistics')).not.toContain('getStats');
  });

  it('search_tools in a toolset it cannot see answers as for one that does not exist, naming no hidden toolset', async () => {
    const answer = async (toolset: string) => text(await meta(read, 'search_tools', { query: 'statistics', toolset }));
    expect(await answer('admin')).toBe('unknown toolset "admin"; use one that search_tools\' description lists, or leave toolset out to search every tool');
    expect(await answer('nimda')).toBe('unknown toolset "nimda"; use one that search_tools\' description lists, or leave toolset out to search every tool');
    expect(await answer('admins')).toBe('unknown toolset "admins"; use one that search_tools\' description lists, or leave toolset out to search every tool');
    expect(await answer('note')).toBe('unknown toolset "note"; close matches: notes');
    expect(await found(read, 'note', { toolset: 'notes' })).toEqual(['listNotes']);
  });

  it('describe_tools describes a read tool and refuses the others without naming them', async () => {
    const described = await meta(read, 'describe_tools', { names: ['listNotes'] });
    expect((described.structuredContent!.tools as { name: string; annotations?: { readOnlyHint?: boolean } }[]).map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([['listNotes', true]]);
    expect(text(await meta(read, 'describe_tools', { names: ['createNote'] }))).toBe('Unknown tool "createNote"; search_tools finds tools by task');
    expect(text(await meta(read, 'describe_tools', { names: ['listNotes', 'getStats'] }))).toBe('Unknown tool "getStats"; search_tools finds tools by task');
  });

  it('call_tool of a tool outside its scopes is 403 insufficient_scope, as the static call, and never reaches the upstream', async () => {
    const token = await tokenFrom(issuer, 'read', audience);
    const before = upstream.requests.length;
    const write = await rawCall(oauth.url, 'call_tool', { name: 'createNote', arguments: { text: 'x' } }, token);
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="This tool needs the scope write", scope="write", resource_metadata="http://127.0.0.1:${new URL(audience).port}/.well-known/oauth-protected-resource/mcp"`,
    );
    const admin = await rawCall(oauth.url, 'call_tool', { name: 'getStats', arguments: {} }, token);
    expect([admin.status, admin.headers.get('www-authenticate')]).toEqual([403, expect.stringContaining('scope="admin read"')]);
    await expect(read.callTool({ name: 'call_tool', arguments: { name: 'deleteNote', arguments: { id: '1' } } })).rejects.toThrow('Insufficient scope: required "destructive"');
    expect(upstream.requests.length).toBe(before);
  });

  it('call_tool of a read tool works; a mistyped name gets close matches among its own tools only', async () => {
    const before = upstream.requests.length;
    expect((await meta(read, 'call_tool', { name: 'listNotes', arguments: {} })).structuredContent).toEqual({ result: ['a'] });
    expect(upstream.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/notes']);
    expect(text(await meta(read, 'call_tool', { name: 'listNote', arguments: {} }))).toBe('Unknown tool "listNote"; close matches: listNotes');
    expect(text(await meta(read, 'call_tool', { name: 'createNotes', arguments: {} }))).toBe('Unknown tool "createNotes"; search_tools finds tools by task');
    expect(text(await meta(read, 'describe_tools', { names: ['getStat'] }))).toBe('Unknown tool "getStat"; search_tools finds tools by task');
  });
});

describe('dynamic mode with OAuth: a 2025-era client', () => {
  it('a read token gets the same answers', async () => {
    const legacy = await client(oauth.url, await tokenFrom(issuer, 'read', audience), 'legacy');
    expect(await found(legacy, 'note')).toEqual(['listNotes']);
    expect(text(await meta(legacy, 'describe_tools', { names: ['createNote'] }))).toBe('Unknown tool "createNote"; search_tools finds tools by task');
    await expect(legacy.callTool({ name: 'call_tool', arguments: { name: 'createNote', arguments: { text: 'x' } } })).rejects.toThrow('Insufficient scope: required "write"');
    expect((await meta(legacy, 'call_tool', { name: 'listNotes', arguments: {} })).structuredContent).toEqual({ result: ['a'] });
  });
});

describe('dynamic mode with OAuth: wider tokens', () => {
  it('a read write token finds and calls the write tool', async () => {
    const c = await client(oauth.url, await tokenFrom(issuer, 'read write', audience));
    expect(await found(c, 'note')).toEqual(['createNote', 'listNotes']);
    expect((await meta(c, 'call_tool', { name: 'createNote', arguments: { text: 'hi' } })).structuredContent).toEqual({ id: 'n1' });
    expect(text(await meta(c, 'describe_tools', { names: ['deleteNote'] }))).toBe('Unknown tool "deleteNote"; search_tools finds tools by task');
  });

  it('the static bearer token sees every tool', async () => {
    const c = await client(oauth.url, STATIC_TOKEN);
    expect((await c.listTools()).tools[0]!.description).toContain('among the 4 tools of');
    expect(await found(c, 'note statistics')).toEqual(['createNote', 'deleteNote', 'getStats', 'listNotes']);
  });
});

describe('dynamic mode with a selection at start', () => {
  async function start(args: string[]): Promise<Client> {
    const server = await startHttpServer(dir, ['--tools-mode', 'dynamic', ...args], { ...process.env, SCOPED_BASE_URL: `${upstream.url}/api` });
    servers.push(server);
    return client(server.url);
  }

  it('--read-only: no write tool is found, described or called; read tools work', async () => {
    const c = await start(['--read-only']);
    expect(await found(c, 'note statistics')).toEqual(['getStats', 'listNotes']);
    expect(text(await meta(c, 'describe_tools', { names: ['deleteNote'] }))).toBe('Unknown tool "deleteNote"; search_tools finds tools by task');
    const before = upstream.requests.length;
    expect(text(await meta(c, 'call_tool', { name: 'createNote', arguments: { text: 'x' } }))).toBe('Unknown tool "createNote"; search_tools finds tools by task');
    expect(upstream.requests.length).toBe(before);
    expect((await meta(c, 'call_tool', { name: 'getStats', arguments: {} })).structuredContent).toEqual({ notes: 1 });
  });

  it('--toolsets notes --scopes read,write: only those tools, and close matches only among them', async () => {
    const c = await start(['--toolsets', 'notes', '--scopes', 'read,write']);
    expect((await c.listTools()).tools[0]!.description).toContain('among the 2 tools of');
    expect(await found(c, 'note statistics')).toEqual(['createNote', 'listNotes']);
    expect(text(await meta(c, 'describe_tools', { names: ['getStats'] }))).toBe('Unknown tool "getStats"; search_tools finds tools by task');
    expect(text(await meta(c, 'call_tool', { name: 'deleteNote', arguments: { id: '1' } }))).toBe('Unknown tool "deleteNote"; search_tools finds tools by task');
    expect(text(await meta(c, 'call_tool', { name: 'getStat', arguments: {} }))).toBe('Unknown tool "getStat"; search_tools finds tools by task');
    expect(text(await meta(c, 'call_tool', { name: 'createNotes', arguments: {} }))).toBe('Unknown tool "createNotes"; close matches: createNote');
    expect((await meta(c, 'call_tool', { name: 'createNote', arguments: { text: 'x' } })).structuredContent).toEqual({ id: 'n1' });
  });

  it('--toolsets admin: search_tools in another toolset is refused as an unknown one', async () => {
    const c = await start(['--toolsets', 'admin']);
    expect(await found(c, 'note statistics')).toEqual(['getStats']);
    expect(text(await meta(c, 'search_tools', { query: 'note', toolset: 'notes' }))).toBe('unknown toolset "notes"; use one that search_tools\' description lists, or leave toolset out to search every tool');
    expect(text(await meta(c, 'search_tools', { query: 'note', toolset: 'admn' }))).toBe('unknown toolset "admn"; close matches: admin');
    expect(text(await meta(c, 'call_tool', { name: 'listNotes', arguments: {} }))).toBe('Unknown tool "listNotes"; search_tools finds tools by task');
  });
});
