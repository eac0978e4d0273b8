// The HTTP endpoint of a generated package, from the user's side: built with npm, started as a
// process, called with the official client; tokens come from a real local authorization server
// (oauth2-mock-server: real RS256 keys, a JWKS, discovery, a token endpoint).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ClientCredentialsProvider } from '@modelcontextprotocol/client';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, rawCall, startIssuer, tokenFrom as issuedToken } from '../support/local-issuer.js';
import { buildGeneratedPackage, freePort, startHttpServer, type RunningServer } from '../support/generated-package.js';
import type { RecordingUpstream } from '../support/recording-upstream.js';
import { SCOPED_SPEC, startNotesUpstream } from '../support/scoped-notes.js';

const STATIC_TOKEN = 'static-token-0123456789abcdef';
const OTHER_TOKEN = 'rotated-token-0123456789abcdef';

let dir: string;
let upstream: RecordingUpstream;
let issuer: OAuth2Server;
let stranger: OAuth2Server;
let server: RunningServer;
let audience: string;

/** An access token for this server's audience unless another is named. */
function tokenFrom(as: OAuth2Server, scope: string, resource = audience): Promise<string> {
  return issuedToken(as, scope, resource);
}

async function toolNames(url: string, token: string): Promise<string[]> {
  const client = await connect(url, token);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dir = buildGeneratedPackage(SCOPED_SPEC, 'scoped-mcp');
  upstream = await startNotesUpstream();
  [issuer, stranger] = await Promise.all([startIssuer(), startIssuer()]);
  const port = await freePort();
  audience = `http://127.0.0.1:${port}/mcp`;
  server = await startHttpServer(
    dir,
    ['--oauth-issuer', issuer.issuer.url!, '--oauth-audience', audience],
    { ...process.env, SCOPED_BASE_URL: `${upstream.url}/api`, SCOPED_MCP_TOKEN: `${STATIC_TOKEN}, ${OTHER_TOKEN}` },
    port,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([issuer?.stop(), stranger?.stop(), upstream?.close()]);
});

describe('a generated server with OAuth and static tokens', () => {
  it('says at start how it authenticates', () => {
    expect(server.stderr()).toContain(`4 tools, bearer token or OAuth (issuer ${issuer.issuer.url})`);
  });

  it('answers a request without a token with 401 and where its metadata is', async () => {
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://127.0.0.1:${new URL(audience).port}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await res.json()).toEqual({ error: 'invalid_token', error_description: 'Missing Authorization header' });
  });

  it('serves the Protected Resource Metadata (RFC 9728) at the well-known path', async () => {
    const res = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      resource: audience,
      authorization_servers: [issuer.issuer.url],
      scopes_supported: ['admin', 'destructive', 'read', 'write'],
      resource_name: 'Scoped Notes',
    });
  });

  const refused: { name: string; token: () => Promise<string>; reason: string }[] = [
    { name: 'a wrong static token', token: async () => 'static-token-0123456789abcdeX', reason: 'Invalid token' },
    { name: 'a token for another resource', token: () => tokenFrom(issuer, 'read', 'http://127.0.0.1:1/mcp'), reason: 'Token was not issued for this resource' },
    { name: 'a token signed by another authorization server', token: () => tokenFrom(stranger, 'read'), reason: 'Token signature is not valid' },
    {
      name: 'a token naming another issuer',
      token: () => issuer.issuer.buildToken({ scopesOrTransform: (_h, p) => Object.assign(p, { aud: audience, scope: 'read', iss: stranger.issuer.url }) }),
      reason: 'Token was not issued by the configured issuer',
    },
    {
      name: 'an expired token',
      token: () => issuer.issuer.buildToken({ expiresIn: -120, scopesOrTransform: (_h, p) => Object.assign(p, { aud: audience, scope: 'read' }) }),
      reason: 'Token has expired',
    },
    {
      name: 'a token without exp',
      token: () => issuer.issuer.buildToken({ scopesOrTransform: (_h, p) => Object.assign(p, { aud: audience, scope: 'read', exp: undefined }) }),
      reason: 'Token claim exp is missing',
    },
  ];
  for (const { name, token, reason } of refused) {
    it(`answers ${name} with 401`, async () => {
      const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` }, body: '{}' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(`error="invalid_token", error_description="${reason}"`);
    });
  }

  it('a token signed by another authorization server is refused whatever it claims', async () => {
    const forged = await stranger.issuer.buildToken({ scopesOrTransform: (_h, p) => Object.assign(p, { aud: audience, iss: issuer.issuer.url, scope: 'read' }) });
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: '{}' });
    expect([res.status, res.headers.get('www-authenticate')]).toEqual([401, expect.stringContaining('Token signature is not valid')]);
  });

  it('a read token sees and calls only the read tools', async () => {
    const token = await tokenFrom(issuer, 'read');
    expect(await toolNames(server.url, token)).toEqual(['listNotes']);
    const client = await connect(server.url, token);
    try {
      expect((await client.callTool({ name: 'listNotes', arguments: {} })).structuredContent).toEqual({ result: ['a'] });
    } finally {
      await client.close();
    }
  });

  it('a call outside the token scopes gets 403 insufficient_scope naming the scope, and never reaches the upstream', async () => {
    const token = await tokenFrom(issuer, 'read');
    const before = upstream.requests.length;
    const write = await rawCall(server.url, 'createNote', { text: 'x' }, token);
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="This tool needs the scope write", scope="write", resource_metadata="http://127.0.0.1:${new URL(audience).port}/.well-known/oauth-protected-resource/mcp"`,
    );
    const admin = await rawCall(server.url, 'getStats', {}, token);
    expect([admin.status, admin.headers.get('www-authenticate')]).toEqual([403, expect.stringContaining('scope="admin read"')]);
    expect(upstream.requests.length).toBe(before);
  });

  it('each scope adds its tools; x-mcp scopes on the operation replace the path item ones', async () => {
    expect(await toolNames(server.url, await tokenFrom(issuer, 'read write'))).toEqual(['createNote', 'listNotes']);
    expect(await toolNames(server.url, await tokenFrom(issuer, 'admin'))).toEqual([]);
    expect(await toolNames(server.url, await tokenFrom(issuer, 'admin read destructive'))).toEqual(['deleteNote', 'getStats', 'listNotes']);
  });

  it('every static token (rotation) sees every tool, and the caller token never goes upstream', async () => {
    for (const token of [STATIC_TOKEN, OTHER_TOKEN]) expect(await toolNames(server.url, token)).toEqual(['createNote', 'deleteNote', 'getStats', 'listNotes']);
    const client = await connect(server.url, OTHER_TOKEN);
    try {
      expect((await client.callTool({ name: 'createNote', arguments: { text: 'x' } })).structuredContent).toEqual({ id: 'n1' });
    } finally {
      await client.close();
    }
    const last = upstream.requests.at(-1)!;
    expect([last.method, last.url, last.headers.authorization]).toEqual(['POST', '/api/notes', undefined]);
  });

  it("the generated client reaches it with a token, and with the SDK's OAuth flow (client credentials)", async () => {
    type Api = { listNotes(): Promise<string[]>; createNote(args: { text: string }): Promise<{ id?: string }>; close(): Promise<void> };
    const module = (await import(pathToFileURL(join(dir, 'dist/client/index.js')).href)) as { createClient(options: object): Promise<Api> };
    const withToken = await module.createClient({ url: server.url, token: STATIC_TOKEN });
    try {
      expect(await withToken.listNotes()).toEqual(['a']);
    } finally {
      await withToken.close();
    }
    const provider = new ClientCredentialsProvider({ clientId: 'app', clientSecret: 'secret', scope: 'read write', expectedIssuer: issuer.issuer.url! });
    const withOAuth = await module.createClient({ url: server.url, authProvider: provider });
    try {
      expect(await withOAuth.createNote({ text: 'hi' })).toEqual({ id: 'n1' });
    } finally {
      await withOAuth.close();
    }
    // The 401 names no scope, so the SDK asked for every scope in scopes_supported (MCP
    // authorization, "Scope Selection Strategy"), and the issuer granted them.
    expect(provider.tokens()?.scope).toBe('admin destructive read write');
  });
});

describe('refusals at start', () => {
  // Not spawnSync: the authorization servers run in this process and must keep answering.
  const start = (args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['dist/main.js', ...args], { cwd: dir, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
  const cases: { name: string; args: string[]; env?: Record<string, string>; want: string }[] = [
    {
      name: 'a non-loopback host without authentication',
      args: ['--http', '--host', '0.0.0.0', '--port', '0'],
      want: 'scoped-mcp: refusing to serve 0.0.0.0 without authentication: set SCOPED_MCP_TOKEN (bearer tokens) or --oauth-issuer and --oauth-audience, or pass --no-auth\n',
    },
    {
      name: 'a static token that is too short',
      args: ['--http', '--port', '0'],
      env: { SCOPED_MCP_TOKEN: 'secret' },
      want: 'scoped-mcp: SCOPED_MCP_TOKEN: token 1 has 6 characters, at least 16 are needed (e.g. openssl rand -hex 32)\n',
    },
    {
      name: 'an issuer without an audience',
      args: ['--http', '--oauth-issuer', 'http://127.0.0.1:1'],
      want: 'scoped-mcp: OAuth needs both an issuer and an audience: set --oauth-audience (or SCOPED_MCP_OAUTH_AUDIENCE)\n',
    },
    {
      name: 'an audience that is not a URI',
      args: ['--http', '--oauth-issuer', 'http://127.0.0.1:1', '--oauth-audience', 'mcp.example.com'],
      want: 'scoped-mcp: --oauth-audience must be this server\'s absolute URI (e.g. https://mcp.example.com/mcp), got "mcp.example.com"\n',
    },
    {
      name: 'an issuer that cannot be reached',
      args: ['--http', '--oauth-issuer', 'http://127.0.0.1:1', '--oauth-audience', 'http://127.0.0.1:3000/mcp'],
      want: "scoped-mcp: --oauth-issuer http://127.0.0.1:1: cannot use the authorization server's metadata: it could not be reached\n",
    },
    { name: 'an unknown scope', args: ['--scopes', 'read,reed'], want: 'scoped-mcp: --scopes: no tool needs scope "reed" (the scopes of this server: "admin", "destructive", "read", "write")\n' },
    {
      name: '--no-auth with OAuth',
      args: ['--http', '--no-auth', '--oauth-issuer', 'http://127.0.0.1:1', '--oauth-audience', 'http://127.0.0.1:3000/mcp'],
      want: 'scoped-mcp: --no-auth cannot be combined with --oauth-issuer or --oauth-audience\n',
    },
    { name: '--no-auth without --http', args: ['--no-auth'], want: 'scoped-mcp: --no-auth needs --http. Try --help.\n' },
  ];
  for (const { name, args, env, want } of cases) {
    it(`refuses ${name}: one line, exit code 2`, async () => expect(await start(args, env)).toEqual({ code: 2, stderr: want }));
  }

  it('refuses an issuer whose metadata names another issuer (RFC 8414 §3.3)', async () => {
    const as = new OAuth2Server();
    await as.issuer.keys.generate('RS256');
    await as.start(0, '127.0.0.1');
    const port = new URL(as.issuer.url!).port;
    as.issuer.url = `http://127.0.0.1.nip.invalid:${port}`;
    try {
      const r = await start(['--http', '--oauth-issuer', `http://127.0.0.1:${port}`, '--oauth-audience', 'http://127.0.0.1:3000/mcp']);
      expect(r).toEqual({ code: 2, stderr: `scoped-mcp: --oauth-issuer http://127.0.0.1:${port}: cannot use the authorization server's metadata: its metadata names a different issuer\n` });
    } finally {
      await as.stop();
    }
  });

  it('the README command: a token on 0.0.0.0 with --allowed-host', async () => {
    const port = await freePort();
    const token = 'f'.repeat(64);
    const open = await startHttpServer(dir, ['--host', '0.0.0.0', '--allowed-host', 'mcp.example.com'], { ...process.env, SCOPED_MCP_TOKEN: token }, port);
    try {
      expect(open.stderr()).toContain('4 tools, bearer token');
      const listed = async (headers: Record<string, string>): Promise<number> =>
        (await fetch(open.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' })).status;
      expect(await listed({})).toBe(401);
      expect(await listed({ authorization: `Bearer ${token}` })).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('--no-auth on 0.0.0.0 starts with a warning; --scopes read serves only the read tools', async () => {
    const port = await freePort();
    const open = await startHttpServer(dir, ['--host', '0.0.0.0', '--no-auth', '--scopes', 'read'], { ...process.env }, port);
    try {
      expect(open.stderr()).toContain(
        "scoped-mcp: WARNING: --no-auth: the MCP endpoint on 0.0.0.0 accepts every caller that can reach it, and they use this server's upstream credentials\n",
      );
      expect(open.stderr()).toContain('1 tool, no authentication');
      const client = await connect(open.url);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['listNotes']);
      } finally {
        await client.close();
      }
    } finally {
      await open.close();
    }
  });
});
