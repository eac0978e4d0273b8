/** serveHttp's DNS-rebinding guard: which Host and Origin it answers with 403, also when bound to another host. */
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../templates/runtime/http.gen.js';
import { createEndpointAuth } from '../../templates/runtime/endpoint-auth.gen.js';
import { echoFactory, listBody, listHeaders, send, useHttpServer } from './http-kit.js';

describe('serveHttp', () => {
  const server = useHttpServer();

  const rebinding: { name: string; given: Record<string, string> }[] = [
    { name: 'a foreign Host', given: { host: 'evil.example' } },
    { name: 'a foreign Host with the right port', given: { host: 'evil.example:3000' } },
    { name: 'a foreign Origin', given: { origin: 'http://evil.example' } },
    { name: 'an unparsable Origin', given: { origin: 'not a url' } },
  ];
  for (const { name, given } of rebinding) {
    it(`answers ${name} with 403 (DNS rebinding)`, async () => {
      const res = await send(server.url, { headers: { ...listHeaders, ...given }, body: listBody() });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe(-32000);
    });
  }

  it('answers 403 for a foreign Host on any path, before routing', async () => {
    const res = await send(`http://127.0.0.1:${server.port}/elsewhere`, { headers: { host: 'evil.example' } });
    expect(res.status).toBe(403);
  });

  it('accepts Host localhost', async () => {
    const res = await send(server.url, { headers: { ...listHeaders, host: `localhost:${server.port}` }, body: listBody() });
    expect(res.status).toBe(200);
  });

  it("accepts the server's own Origin, port included", async () => {
    const res = await send(server.url, { headers: { ...listHeaders, origin: `http://127.0.0.1:${server.port}` }, body: listBody() });
    expect(res.status).toBe(200);
  });

  const foreignOrigins: { name: string; given: Record<string, string> }[] = [
    { name: 'a localhost Origin on another port', given: { origin: 'http://localhost:5173' } },
    { name: 'a 127.0.0.1 Origin without the port', given: { origin: 'http://127.0.0.1' } },
    { name: 'Host 127.1', given: { host: '127.1' } },
    { name: 'Host 2130706433', given: { host: '2130706433' } },
  ];
  for (const { name, given } of foreignOrigins) {
    it(`answers ${name} with 403`, async () => {
      const res = await send(server.url, { headers: { ...listHeaders, ...given }, body: listBody() });
      expect(res.status).toBe(403);
    });
  }
});

describe('serveHttp bound to another host', () => {
  const token = 'a-static-token-of-32-characters!';
  const auth = createEndpointAuth({ tokens: [token] });

  it('accepts that host name in Host and Origin, with the bearer token', async () => {
    const factory = echoFactory();
    const server = await serveHttp(factory, { port: 0, host: '0.0.0.0', allowedHosts: ['mcp.example.test'], auth });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
      const authorization = `Bearer ${token}`;
      const ok = await send(server.url, { headers: { ...listHeaders, host: 'mcp.example.test', origin: 'https://mcp.example.test', authorization }, body: listBody() });
      expect(ok.status).toBe(200);
      const evil = await send(server.url, { headers: { ...listHeaders, host: 'evil.example', authorization }, body: listBody() });
      expect(evil.status).toBe(403);
      const anonymous = await send(server.url, { headers: { ...listHeaders, host: 'mcp.example.test' }, body: listBody() });
      expect([anonymous.status, anonymous.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    } finally {
      await server.close();
    }
  });

  it('refuses to listen on 0.0.0.0 without authentication, naming what to set', async () => {
    const factory = echoFactory();
    await expect(serveHttp(factory, { port: 0, host: '0.0.0.0' })).rejects.toThrow(
      'refusing to serve 0.0.0.0 without authentication: set a bearer token (bearer tokens) or --oauth-issuer and --oauth-audience, or pass --no-auth',
    );
  });

  it('--host 127.0.0.2 --allowed-host x: Host localhost is refused, the address and x are accepted', async () => {
    const factory = echoFactory();
    const server = await serveHttp(factory, { port: 0, host: '127.0.0.2', allowedHosts: ['x'] });
    try {
      const statusFor = async (host: string): Promise<number> => (await send(server.url, { headers: { ...listHeaders, host }, body: listBody() })).status;
      expect(server.url).toBe(`http://127.0.0.2:${server.port}/mcp`);
      expect(await statusFor(`localhost:${server.port}`)).toBe(403);
      expect(await statusFor(`127.0.0.1:${server.port}`)).toBe(403);
      expect(await statusFor(`127.0.0.2:${server.port}`)).toBe(200);
      expect(await statusFor('x')).toBe(200);
    } finally {
      await server.close();
    }
  });
});
