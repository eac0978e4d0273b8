import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { buildApiConfig } from '../../src/emit/api-config.js';
import { mapSpec } from '../../src/map-spec.js';
import { parseDeclaredAuth } from '../../src/map/declared-auth.js';
import type { MapOptions } from '../../src/map/map-options.js';
import { createToolCaller } from '../../templates/runtime/call-tool.gen.js';
import { TokenCache } from '../../templates/runtime/oauth-token.gen.js';
import type { ApiConfig, ToolEntry } from '../../templates/runtime/types.gen.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';

/**
 * `generate --auth`: each kind from the option to what the upstream receives. The spec (like
 * GitHub's) declares no security; the tools and config come from the real map and emit stages and
 * run on the real runtime against a recording upstream.
 */
const SPEC = 'test/fixtures/e2e/repos.3.0.yaml';

async function generated(options: MapOptions, name = 'repos-mcp') {
  const { tools } = await mapSpec(SPEC, options);
  const api = buildApiConfig(tools, name, '1.0.0', { confirm: 'destructive' });
  const entries = tools.tools.map((t) => ({ definition: t.definition, binding: t.binding }) as unknown as ToolEntry);
  return { tools, api, entries, byName: (n: string) => entries.find((e) => e.definition.name === n)! };
}

let upstream: RecordingUpstream;
beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    if (req.url === '/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'fetched-token-SECRET', expires_in: 600 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"hello"}');
  });
});
afterAll(() => upstream.close());
beforeEach(() => void (upstream.requests.length = 0));

async function call(config: ApiConfig, entry: ToolEntry, env: Record<string, string>, args: Record<string, unknown> = { owner: 'o', repo: 'r' }) {
  const caller = createToolCaller({ config, baseUrl: upstream.url, env, timeoutMs: 5000, tokens: new TokenCache() });
  return caller(entry, args);
}

describe('generate --auth: variables and what is sent', () => {
  const cases: Array<{ auth: string; authEnv?: string[]; env: Record<string, string>; variables: string[]; sent: (r: RecordingUpstream['requests'][number]) => unknown; want: unknown }> = [
    {
      auth: 'bearer',
      env: { REPOS_TOKEN: 'tok-SECRET' },
      variables: ['REPOS_TOKEN'],
      sent: (r) => r.headers.authorization,
      want: 'Bearer tok-SECRET',
    },
    {
      auth: 'bearer',
      authEnv: ['GITHUB_TOKEN'],
      env: { GITHUB_TOKEN: 'ghp-SECRET' },
      variables: ['GITHUB_TOKEN'],
      sent: (r) => r.headers.authorization,
      want: 'Bearer ghp-SECRET',
    },
    {
      auth: 'basic',
      authEnv: ['username=JIRA_USER', 'password=JIRA_API_TOKEN'],
      env: { JIRA_USER: 'me@example.com', JIRA_API_TOKEN: 'pw-SECRET' },
      variables: ['JIRA_USER', 'JIRA_API_TOKEN'],
      sent: (r) => r.headers.authorization,
      want: `Basic ${Buffer.from('me@example.com:pw-SECRET').toString('base64')}`,
    },
    {
      auth: 'basic',
      env: { REPOS_USERNAME: 'u', REPOS_PASSWORD: 'p' },
      variables: ['REPOS_USERNAME', 'REPOS_PASSWORD'],
      sent: (r) => r.headers.authorization,
      want: `Basic ${Buffer.from('u:p').toString('base64')}`,
    },
    {
      auth: 'apikey-header:X-Api-Key',
      env: { REPOS_API_KEY: 'key-SECRET' },
      variables: ['REPOS_API_KEY'],
      sent: (r) => r.headers['x-api-key'],
      want: 'key-SECRET',
    },
    {
      auth: 'apikey-query:api_key',
      authEnv: ['key=MY_KEY'],
      env: { MY_KEY: 'a b&c' },
      variables: ['MY_KEY'],
      sent: (r) => r.url,
      want: '/repos/o/r?api_key=a%20b%26c',
    },
    {
      auth: 'apikey-cookie:session',
      env: { REPOS_API_KEY: 'cookie-SECRET' },
      variables: ['REPOS_API_KEY'],
      sent: (r) => r.cookies,
      want: [['session', 'cookie-SECRET']],
    },
  ];
  for (const c of cases) {
    it(`${c.auth}${c.authEnv ? ` --auth-env ${c.authEnv.join(' ')}` : ''}`, async () => {
      const { api, byName } = await generated({ auth: c.auth, ...(c.authEnv ? { authEnv: c.authEnv } : {}) });
      const credentials = api.variables.filter((v) => v.credential).map((v) => v.name);
      expect(credentials).toEqual(c.variables);
      const result = await call(api.config as ApiConfig, byName('getRepo'), c.env);
      expect(result.isError).toBeFalsy();
      expect(c.sent(upstream.requests[0]!)).toEqual(c.want);
    });
  }

  it('oauth2-client-credentials:TOKEN_URL fetches a token and sends it', async () => {
    const { api, byName } = await generated({ auth: `oauth2-client-credentials:${'http://127.0.0.1:1/oauth/token'}` });
    expect(api.variables.filter((v) => v.credential).map((v) => v.name)).toEqual(['REPOS_CLIENT_ID', 'REPOS_CLIENT_SECRET', 'REPOS_TOKEN']);
    const config = api.config as ApiConfig;
    const source = config.credentials.auth!;
    expect(source.type).toBe('oauth2-client-credentials');
    // The token URL is the test's upstream (its port is known only now).
    const live: ApiConfig = { ...config, credentials: { auth: { ...(source as Extract<typeof source, { type: 'oauth2-client-credentials' }>), tokenUrl: `${upstream.url}/oauth/token` } } };
    const result = await call(live, byName('getRepo'), { REPOS_CLIENT_ID: 'cid', REPOS_CLIENT_SECRET: 'csecret-SECRET' });
    expect(result.isError).toBeFalsy();
    expect(upstream.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/oauth/token', `Basic ${Buffer.from('cid:csecret-SECRET').toString('base64')}`],
      ['/repos/o/r', 'Bearer fetched-token-SECRET'],
    ]);
  });

  it('applies to every operation without security of its own; `security: []` stays public', async () => {
    const { tools } = await generated({ auth: 'bearer' });
    expect(Object.fromEntries(tools.tools.map((t) => [t.definition.name, t.binding.kind === 'http' ? t.binding.security : undefined]))).toEqual({
      getRepo: [{ auth: [] }],
      updateRepo: [{ auth: [] }],
      deleteRepo: [{ auth: [] }],
      replaceTopics: [{ auth: [] }],
      createIssue: [{ auth: [] }],
      getMeta: [],
    });
  });

  it('a missing variable is named in the error, its value never', async () => {
    const { api, byName } = await generated({ auth: 'bearer', authEnv: ['GITHUB_TOKEN'] });
    const result = await call(api.config as ApiConfig, byName('getRepo'), {});
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: "Missing credentials: set GITHUB_TOKEN in the server's environment." }] });
    expect(upstream.requests).toEqual([]);
  });

  it('an apikey header credential is no longer a tool argument', async () => {
    const plain = await generated({});
    const keyed = await generated({ auth: 'apikey-header:x-api-key' });
    expect(Object.keys(plain.byName('getRepo').definition.inputSchema.properties as object)).toContain('X-Api-Key');
    expect(Object.keys(keyed.byName('getRepo').definition.inputSchema.properties as object)).not.toContain('X-Api-Key');
  });

  it('without --auth nothing changes', async () => {
    const { tools, api } = await generated({});
    expect(tools.securitySchemes).toEqual({});
    expect(api.variables.filter((v) => v.credential)).toEqual([]);
  });

  it("replaces a root security the spec got wrong; an operation's own security stays", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'declared-auth-'));
    const spec = join(dir, 'wrong.yaml');
    writeFileSync(spec, [
      'openapi: 3.1.0',
      'info: { title: Wrong, version: "1" }',
      'components:',
      '  securitySchemes:',
      '    auth: { type: apiKey, in: query, name: key }',
      '    admin: { type: http, scheme: basic }',
      'security: [{ auth: [] }]',
      'paths:',
      '  /a: { get: { operationId: a, responses: { "200": { description: ok } } } }',
      '  /b: { get: { operationId: b, security: [{ admin: [] }], responses: { "200": { description: ok } } } }',
      '',
    ].join('\n'));
    const { tools } = await mapSpec(spec, { auth: 'bearer' });
    expect(tools.tools.map((t) => [t.definition.name, t.binding.kind === 'http' ? t.binding.security : undefined])).toEqual([
      ['a', [{ auth_2: [] }]],
      ['b', [{ admin: [] }]],
    ]);
    const api = buildApiConfig(tools, 'wrong-mcp', '1.0.0', { confirm: 'destructive' });
    // The spec's "auth" scheme is used by no tool any more: its variable is gone.
    expect(api.variables.filter((v) => v.credential).map((v) => v.name)).toEqual(['WRONG_ADMIN_USERNAME', 'WRONG_ADMIN_PASSWORD', 'WRONG_TOKEN']);
  });
});

describe('generate --auth: bad values', () => {
  const bad: Array<[MapOptions, string]> = [
    [{ auth: 'token' }, '--auth "token": unknown kind "token"; use one of bearer, basic, apikey-header:NAME, apikey-query:NAME, apikey-cookie:NAME, oauth2-client-credentials:TOKEN_URL'],
    [{ auth: 'bearer:x' }, '--auth "bearer:x": bearer takes no ":..." part'],
    [{ auth: 'apikey-header:' }, '--auth "apikey-header:": name the header: apikey-header:NAME, e.g. apikey-header:X-API-Key'],
    [{ auth: 'apikey-query' }, '--auth "apikey-query": name the query parameter: apikey-query:NAME, e.g. apikey-query:api_key'],
    [{ auth: 'apikey-header:X Key' }, `--auth "apikey-header:X Key": "X Key" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~)`],
    [{ auth: 'oauth2-client-credentials:/token' }, '--auth "oauth2-client-credentials:/token": the token endpoint must be an absolute http(s) URL'],
    [{ auth: 'oauth2-client-credentials:https://id:pw@auth.example.com/t' }, '--auth "oauth2-client-credentials:https://id:pw@auth.example.com/t": the token endpoint URL must not hold credentials; the client id and secret come from the environment'],
    [{ authEnv: ['GITHUB_TOKEN'] }, '--auth-env names the variables of the --auth credential; give --auth <kind> too'],
    [{ auth: 'basic', authEnv: ['JIRA'] }, '--auth-env "JIRA": --auth basic reads 2 variables; name them as username=NAME password=NAME'],
    [{ auth: 'bearer', authEnv: ['secret=X'] }, '--auth-env "secret=X": --auth bearer has no variable "secret" (it has token)'],
    [{ auth: 'bearer', authEnv: ['1TOKEN'] }, '--auth-env "1TOKEN": not an environment variable name (letters, digits and _, not starting with a digit)'],
    [{ auth: 'bearer', authEnv: ['A', 'token=B'] }, '--auth-env "token=B": the token variable is named twice'],
    [{ auth: 'basic', authEnv: ['username=A', 'password=A'] }, '--auth-env "password=A": A is already used for another variable'],
  ];
  for (const [options, message] of bad) {
    it(message, () => {
      expect(() => parseDeclaredAuth(options)).toThrow(new UserError(message));
    });
  }

  it('an --auth-env name the server already reads is refused', async () => {
    const { tools } = await mapSpec(SPEC, { auth: 'bearer', authEnv: ['REPOS_BASE_URL'] });
    expect(() => buildApiConfig(tools, 'repos-mcp', '1.0.0', { confirm: 'destructive' })).toThrow(new UserError('--auth-env REPOS_BASE_URL: the server already reads REPOS_BASE_URL for something else; choose another name'));
  });
});
