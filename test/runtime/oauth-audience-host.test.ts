import { request } from 'node:http';
import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type RunningServer } from '../../templates/runtime/cli.gen.js';
import { startIssuer } from '../support/local-issuer.js';
import { fixtureConfig, fixtureTools } from './server-fixtures.js';

/**
 * The README's OAuth command, `--oauth-audience https://mcp.example.com/mcp` behind a proxy that
 * keeps `Host: mcp.example.com`: the audience is the server's own public URL, so its host passes
 * the DNS-rebinding check without `--allowed-host` (before, every request was answered 403).
 */
let issuer: OAuth2Server;
let running: RunningServer | undefined;
/** Audience with a port of its own: that port is the one the public Host carries. */
let withPort: RunningServer | undefined;

beforeAll(async () => {
  issuer = await startIssuer();
  const start = (audience: string) =>
    main({
      config: fixtureConfig,
      tools: fixtureTools,
      argv: ['--http', '--port=0', '--oauth-issuer', issuer.issuer.url!, '--oauth-audience', audience],
      env: {},
      log: () => undefined,
      handleSignals: false,
    });
  running = await start('https://mcp.example.com/mcp');
  withPort = await start('https://mcp.example.com:8443/mcp');
});
afterAll(async () => {
  await running?.close();
  await withPort?.close();
  await issuer.stop();
});

/** GET or POST with the `Host` a proxy would forward (fetch cannot set it). */
function send(method: string, path: string, host: string, server = running): Promise<{ status: number; body: string }> {
  const url = new URL(path, server!.url!);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => void (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('Host: the OAuth audience\'s host', () => {
  it('serves the Protected Resource Metadata to it', async () => {
    const got = await send('GET', '/.well-known/oauth-protected-resource/mcp', 'mcp.example.com');
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ resource: 'https://mcp.example.com/mcp', authorization_servers: [issuer.issuer.url] });
  });

  it('asks it for a token (401), not 403', async () => expect((await send('POST', '/mcp', 'mcp.example.com')).status).toBe(401));

  it('another name is still refused', async () => expect(await send('POST', '/mcp', 'evil.example')).toEqual({ status: 403, body: expect.stringContaining('this server does not answer to that name') }));
});

describe('Host: the OAuth audience\'s host and port', () => {
  it('an audience without a port: its host with any port', async () => expect((await send('POST', '/mcp', 'mcp.example.com:8443')).status).toBe(401));

  it('an audience with a port: its host with that port only', async () => {
    expect((await send('POST', '/mcp', 'mcp.example.com:8443', withPort)).status).toBe(401);
    expect(await send('POST', '/mcp', 'mcp.example.com:9443', withPort)).toEqual({ status: 403, body: expect.stringContaining('this server does not answer on that port') });
    expect((await send('POST', '/mcp', 'mcp.example.com', withPort)).status).toBe(403);
  });
});
