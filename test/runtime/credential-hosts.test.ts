import { describe, expect, it } from 'vitest';
import { main } from '../../templates/runtime/cli.gen.js';
import { credentialRoutes, describeCredentialHosts } from '../../templates/runtime/credential-hosts.gen.js';
import { buildCatalog } from '../../templates/runtime/search-core.gen.js';
import type { ApiConfig, HttpBinding, ToolEntry } from '../../templates/runtime/types.gen.js';

const config: ApiConfig = {
  name: 'x-mcp',
  version: '1.0.0',
  title: 'X',
  confirm: 'destructive',
  servers: [{ url: 'https://api.example.com/v1', variables: {} }],
  credentials: {
    key: { type: 'apiKey', in: 'header', name: 'X-Key', env: { value: 'X_KEY' } },
    oauth: { type: 'oauth2-client-credentials', tokenUrl: 'https://auth.other.example/token', scopes: [], env: { clientId: 'X_CID', clientSecret: 'X_CS', token: 'X_T', tokenUrl: 'X_TOKEN_URL' } },
  },
  env: { baseUrl: 'X_BASE_URL', timeoutMs: 'X_TIMEOUT_MS', serverVariables: {}, confirm: 'X_CONFIRM', stateKey: 'X_STATE_KEY' },
};

function tool(name: string, binding: Partial<HttpBinding>): ToolEntry {
  return { definition: { name, description: '', inputSchema: { type: 'object' } }, binding: { kind: 'http', method: 'get', path: '/a', arguments: {}, security: [], ...binding } };
}

const tools = [
  tool('plain', { security: [{ key: [] }] }),
  tool('upload', { security: [{ key: [] }], servers: [{ url: 'https://upload.elsewhere.example', variables: {} }] }),
  tool('token', { security: [{ oauth: [] }] }),
  tool('open', { servers: [{ url: 'https://open.example', variables: {} }] }),
];

describe('describeCredentialHosts (finding 2)', () => {
  it('names every host a credential goes to, and why', () => {
    expect(describeCredentialHosts(config, credentialRoutes(tools), {}, undefined)).toBe(
      'api.example.com (base URL), upload.elsewhere.example (operation servers), auth.other.example (token URL of "oauth")',
    );
  });

  it('follows --base-url and the token URL variable', () => {
    expect(describeCredentialHosts(config, credentialRoutes(tools), { X_TOKEN_URL: 'http://127.0.0.1:9/token' }, 'http://127.0.0.1:4010')).toBe(
      '127.0.0.1:4010 (base URL), 127.0.0.1:9 (token URL of "oauth")',
    );
  });

  it('is undefined when no tool needs credentials', () => {
    expect(describeCredentialHosts(config, credentialRoutes([tools[3]!]), {}, undefined)).toBeUndefined();
  });
});

describe('the start-up line of a dynamic-mode server (Stripe and Twilio start dynamic)', () => {
  it('names the hosts from the package routes, without loading a tool', async () => {
    const log: string[] = [];
    const loads: number[] = [];
    const routes = credentialRoutes(tools);
    const entries = async (): Promise<ToolEntry[]> => (loads.push(1), tools);
    const running = await main({
      config: { ...config, credentialRoutes: routes },
      tools: entries,
      catalog: buildCatalog(tools, () => 'default'),
      argv: ['--http', '--port=0', '--tools-mode', 'dynamic', '--base-url', 'http://127.0.0.1:4010'],
      env: { X_TOKEN_URL: 'http://127.0.0.1:9/token' },
      log: (line) => void log.push(line),
      handleSignals: false,
    });
    await running?.close();
    expect(loads).toEqual([]);
    expect(log).toContain('x-mcp: credentials are sent to 127.0.0.1:4010 (base URL), 127.0.0.1:9 (token URL of "oauth")');
  });
});

describe('the start-up line when no credential is set', () => {
  async function started(env: Record<string, string>, hooks?: { auth: () => void }): Promise<string[]> {
    const log: string[] = [];
    const running = await main({
      config: { ...config, credentialRoutes: credentialRoutes(tools) },
      tools,
      catalog: buildCatalog(tools, () => 'default'),
      argv: ['--http', '--port=0', '--tools-mode', 'dynamic'],
      env,
      log: (line) => void log.push(line),
      handleSignals: false,
      ...(hooks !== undefined ? { hooks } : {}),
    });
    await running?.close();
    return log;
  }

  it('names what to set, as a call would (placeholders count as unset)', async () => {
    const line = 'x-mcp: no credentials are set, so calls that need them fail (set X_KEY, or X_CID and X_CS (or a ready token in X_T))';
    expect(await started({})).toContain(line);
    expect(await started({ X_KEY: '...' })).toContain(line);
  });

  it('says nothing once one is set, or when an auth hook supplies them', async () => {
    for (const log of [await started({ X_KEY: 'k' }), await started({ X_T: 't' }), await started({}, { auth: () => undefined })]) {
      expect(log.some((line) => line.includes('no credentials are set'))).toBe(false);
      expect(log.some((line) => line.includes('credentials are sent to'))).toBe(true);
    }
  });
});
