import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run, startHttpServer, type RunningServer } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { runCli } from '../support/run-cli.js';

/**
 * Upstream credentials from the user's side, on a spec that (like GitHub's REST spec) declares no
 * security: `generate --auth bearer --auth-env GITHUB_TOKEN`, npm install, build, a token in
 * `.env`, the official client, a recording upstream. Then the commented `auth` example of
 * src/hooks.ts, uncommented as written.
 */
const DOTENV_TOKEN = 'ghp_dotenv-SECRET-1';
const ENV_TOKEN = 'ghp_environment-SECRET-2';
const FILE_TOKEN = 'ghp_env-file-SECRET-3';
const HOOK_TOKEN = 'hook-token-SECRET-4';
const CALLER = 'caller-own-SECRET-5';

let upstream: RecordingUpstream;
let root: string;
let dir: string;

beforeAll(async () => {
  upstream = await startUpstream();
  root = mkdtempSync(join(tmpdir(), 'openapi-mcp-e2e-upstream-auth-'));
  dir = join(root, 'repos-mcp');
  const gen = runCli(['generate', 'test/fixtures/e2e/repos.3.0.yaml', '--out', dir, '--name', 'repos-mcp', '--auth', 'bearer', '--auth-env', 'GITHUB_TOKEN']);
  if (gen.code !== 0) throw new Error(`generate failed:\n${gen.stderr}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
}, 240_000);

afterAll(async () => {
  await upstream?.close();
});

beforeEach(() => void (upstream.requests.length = 0));

/** The environment of a server started by a test: this process's, without any token. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['GITHUB_TOKEN', 'MY_API_TOKEN']) if (!Object.hasOwn(extra, name)) delete env[name];
  return env;
}

/** Starts the built server, calls `getRepo` and `getMeta` sending the caller's own credentials, and stops it. */
async function callWith(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ stderr: string; texts: string[] }> {
  let server: RunningServer | undefined;
  // The MCP request carries the caller's own credentials: none of them may reach the upstream.
  const transport = (url: string) => new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${CALLER}`, cookie: `session=${CALLER}`, 'x-api-key': CALLER } },
  });
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    server = await startHttpServer(dir, ['--base-url', upstream.url, ...args], env);
    await client.connect(transport(server.url));
    const texts: string[] = [];
    for (const name of ['getRepo', 'getMeta']) {
      const result = await client.callTool({ name, arguments: name === 'getRepo' ? { owner: 'octo', repo: 'hello' } : {} });
      texts.push(JSON.stringify(result));
    }
    return { stderr: server.stderr(), texts };
  } finally {
    await client.close();
    await server?.close();
  }
}

function received(): Array<{ url: string; authorization?: string; cookie?: string; apiKey?: string }> {
  return upstream.requests.map((r) => ({
    url: r.url,
    ...(r.headers.authorization !== undefined ? { authorization: r.headers.authorization } : {}),
    ...(r.headers.cookie !== undefined ? { cookie: r.headers.cookie } : {}),
    ...(r.headers['x-api-key'] !== undefined ? { apiKey: String(r.headers['x-api-key']) } : {}),
  }));
}

describe('generate --auth bearer --auth-env GITHUB_TOKEN', () => {
  it('lists the variable in .env.example, the README and the host snippets', () => {
    const example = readFileSync(join(dir, '.env.example'), 'utf8');
    expect(example).toContain('# Bearer token for the upstream (generate --auth bearer)\nGITHUB_TOKEN=\n');
    expect(example).toContain('at start the server reads .env from its working\n# directory (and the file given with --env-file <path>)');
    expect(example).toContain('Values are never logged.');
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('| `GITHUB_TOKEN` | Bearer token for the upstream (generate --auth bearer) |');
    // The host entries come from the built server (--host-config, with the real paths): the token is in each.
    expect(readme).toContain('node dist/main.js --host-config claude-desktop');
    const claude = spawnSync(process.execPath, ['dist/main.js', '--host-config', 'claude-desktop'], { cwd: dir, encoding: 'utf8' });
    expect(JSON.parse(claude.stdout).mcpServers['repos-mcp'].env).toEqual({ GITHUB_TOKEN: '...' });
    const vscode = spawnSync(process.execPath, ['dist/main.js', '--host-config', 'vscode'], { cwd: dir, encoding: 'utf8' });
    expect(JSON.parse(vscode.stdout).servers['repos-mcp'].env).toEqual({ GITHUB_TOKEN: '${input:github_token}' });
    expect(readme).toContain('`.env` from its working directory');
    expect(readme).toContain('never\nforwarded upstream');
  });

  it('sends the token from .env; the public operation gets none; the caller\'s credentials never go upstream', async () => {
    writeFileSync(join(dir, '.env'), `# my secrets\nGITHUB_TOKEN=${DOTENV_TOKEN}\n`);
    const { stderr, texts } = await callWith(cleanEnv());
    expect(received()).toEqual([
      { url: '/repos/octo/hello', authorization: `Bearer ${DOTENV_TOKEN}` },
      { url: '/meta' },
    ]);
    expect(stderr).toContain('repos-mcp: read .env (1 variable set)');
    for (const text of [stderr, ...texts]) {
      expect(text).not.toContain(DOTENV_TOKEN);
      expect(text).not.toContain(CALLER);
    }
  }, 60_000);

  it('a variable set in the environment wins over .env', async () => {
    writeFileSync(join(dir, '.env'), `GITHUB_TOKEN=${DOTENV_TOKEN}\n`);
    await callWith(cleanEnv({ GITHUB_TOKEN: ENV_TOKEN }));
    expect(received()[0]).toEqual({ url: '/repos/octo/hello', authorization: `Bearer ${ENV_TOKEN}` });
  }, 60_000);

  it('--env-file <path> wins over .env; a missing one stops the server with one line', async () => {
    writeFileSync(join(dir, '.env'), `GITHUB_TOKEN=${DOTENV_TOKEN}\n`);
    const file = join(root, 'secrets.env');
    writeFileSync(file, `export GITHUB_TOKEN="${FILE_TOKEN}"\n`);
    const { stderr } = await callWith(cleanEnv(), ['--env-file', file]);
    expect(received()[0]).toEqual({ url: '/repos/octo/hello', authorization: `Bearer ${FILE_TOKEN}` });
    expect(stderr).not.toContain(FILE_TOKEN);

    // Node itself (20 to 26, nodejs/node#54232) checks an `--env-file` even after the script
    // name and stops before the server runs (exit 9); either way: one line, nothing started.
    const missing = spawnSync(process.execPath, ['dist/main.js', '--env-file', 'nowhere.env'], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('nowhere.env');
  }, 60_000);

  it('without a token the call answers which variable to set', async () => {
    writeFileSync(join(dir, '.env'), 'GITHUB_TOKEN=\n');
    const { texts } = await callWith(cleanEnv());
    expect(texts[0]).toContain("Missing credentials: set GITHUB_TOKEN in the server's environment.");
    expect(received()).toEqual([{ url: '/meta' }]);
  }, 60_000);
});

describe("src/hooks.ts's auth example, uncommented as written", () => {
  it('builds, and its header reaches the upstream (token from .env)', async () => {
    const hooksFile = join(dir, 'src/hooks.ts');
    const template = readFileSync(hooksFile, 'utf8');
    const start = template.indexOf('export const hooks');
    const uncommented = template.slice(0, start) + template.slice(start).split('\n').map((line) => (line === '  //' ? '' : line.replace(/^ {2}\/\/ /, '  '))).join('\n');
    expect(uncommented).toContain("ctx.setHeader('Authorization', `Bearer ${token}`);");
    writeFileSync(hooksFile, uncommented);
    try {
      run('npm', ['run', 'build'], dir);
      writeFileSync(join(dir, '.env'), `MY_API_TOKEN=${HOOK_TOKEN}\n`);
      const { stderr, texts } = await callWith(cleanEnv());
      // The hook replaces the environment's credentials, for every operation.
      expect(upstream.requests.map((r) => [r.url, r.headers.authorization, r.headers['x-request-source']])).toEqual([
        ['/repos/octo/hello', `Bearer ${HOOK_TOKEN}`, 'mcp'],
        ['/meta', `Bearer ${HOOK_TOKEN}`, 'mcp'],
      ]);
      for (const text of [stderr, ...texts]) expect(text).not.toContain(HOOK_TOKEN);
    } finally {
      writeFileSync(hooksFile, template);
      run('npm', ['run', 'build'], dir);
    }
  }, 120_000);
});

describe('generate --auth: bad values', () => {
  it('one line, exit 1, nothing written', () => {
    const out = join(root, 'never');
    const r = runCli(['generate', 'test/fixtures/e2e/repos.3.0.yaml', '--out', out, '--auth', 'apikey-header']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'openapi-mcp: --auth "apikey-header": name the header: apikey-header:NAME, e.g. apikey-header:X-API-Key\n' });
    expect(existsSync(out)).toBe(false);
  });

  it('the config keys auth and authEnv do what the flags do', () => {
    const project = mkdtempSync(join(tmpdir(), 'openapi-mcp-auth-config-'));
    writeFileSync(join(project, 'repos.yaml'), readFileSync('test/fixtures/e2e/repos.3.0.yaml'));
    writeFileSync(join(project, 'openapi-mcp.config.json'), JSON.stringify({ input: 'repos.yaml', output: 'out', name: 'repos-mcp', auth: 'apikey-query:key', authEnv: ['REPOS_KEY'] }));
    const r = runCli(['generate'], { cwd: project });
    expect(r.code).toBe(0);
    expect(readFileSync(join(project, 'out/.env.example'), 'utf8')).toContain('# API key for the upstream (generate --auth apikey-query:key) (sent in query key)\nREPOS_KEY=\n');
    writeFileSync(join(project, 'openapi-mcp.config.json'), JSON.stringify({ input: 'repos.yaml', output: 'out', auth: ['bearer'] }));
    const bad = runCli(['generate'], { cwd: project });
    expect({ code: bad.code, stderr: bad.stderr }).toEqual({ code: 1, stderr: 'openapi-mcp: openapi-mcp.config.json.auth must be a non-empty string, got ["bearer"]\n' });
  });
});
