// A real local OAuth authorization server for the end-to-end tests (oauth2-mock-server: real
// RS256 keys, a JWKS, discovery, a token endpoint), and the requests a caller makes with its tokens.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Events, OAuth2Server } from 'oauth2-mock-server';

/** Started on 127.0.0.1; as a real authorization server does with RFC 8707, a token's audience is the resource asked for. */
export async function startIssuer(): Promise<OAuth2Server> {
  const as = new OAuth2Server();
  await as.issuer.keys.generate('RS256');
  await as.start(0, '127.0.0.1');
  as.issuer.url = as.issuer.url!.replace('localhost', '127.0.0.1');
  as.service.on(Events.BeforeTokenSigning, (token, req) => {
    const resource = (req.body as Record<string, unknown>).resource;
    if (typeof resource === 'string') token.payload.aud = resource;
  });
  return as;
}

/** An access token from the real token endpoint (client credentials), for `resource` and `scope`. */
export async function tokenFrom(as: OAuth2Server, scope: string, resource: string): Promise<string> {
  const res = await fetch(`${as.issuer.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('app:secret').toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource }),
  });
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The official client connected to `url`, sending `token` as its bearer token when given; it speaks
 * 2026-07-28 (`auto`), or the 2025 protocol with `legacy`.
 */
export async function connect(url: string, token?: string, mode: 'auto' | 'legacy' = 'auto'): Promise<Client> {
  const client = new Client({ name: 't', version: '1' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(new URL(url), token === undefined ? {} : { authProvider: { token: async () => token } });
  await client.connect(transport);
  return client;
}

/** A raw tools/call as a 2026-07-28 client sends it (the official client hides the HTTP status). */
export function rawCall(url: string, name: string, args: Record<string, unknown>, token: string): Promise<Response> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta } }),
  });
}
