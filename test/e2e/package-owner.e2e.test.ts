import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/generated-package.js';
import { startUpstream, type RecordingUpstream } from '../support/recording-upstream.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

/**
 * The generated package as its owner lives with it: package.json printed as npm prints it, the
 * owner's edits to it kept across regeneration, `--version`, an import that starts nothing, the
 * user agent upstream, and `--base-url` mistakes named as the flag.
 */
describe('a generated package and its owner', () => {
  const root = mkdtempSync(join(tmpdir(), 'openapi-mcp-owner-'));
  const spec = join(root, 'petstore.yaml');
  const out = join(root, 'petstore-mcp');
  let upstream: RecordingUpstream;
  const node = (args: string[], cwd = out) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 20_000 });

  beforeAll(async () => {
    copyFileSync(join(REPO_ROOT, 'examples/petstore/petstore.yaml'), spec);
    const r = runCli(['generate', spec, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    upstream = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":7,"name":"Rex"}'));
  });
  afterAll(() => upstream.close());

  it('writes package.json as npm prints it: npm pkg set of an unchanged value rewrites nothing', () => {
    const before = readFileSync(join(out, 'package.json'), 'utf8');
    expect(before).toBe(`${JSON.stringify(JSON.parse(before), null, 2)}\n`);
    expect(before).toContain('\n  "dependencies": {\n    "@modelcontextprotocol/client": ');
    run('npm', ['pkg', 'set', 'version=1.0.0'], out);
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toBe(before);
  });

  it("keeps the owner's fields across regeneration and updates only its own", () => {
    run('npm', ['pkg', 'set', 'version=2.0.0', 'description=Our pet store, for agents', 'license=MIT', 'author=Ada <ada@example.com>',
      'repository.type=git', 'repository.url=https://git.example.com/pets.git', 'keywords[]=pets', 'scripts.test=node --test', 'dependencies.left-pad=1.3.0',
      'devDependencies.vitest=5.1.2', 'bin.petstore-mcp=somewhere-else.js'], out);
    run('npm', ['pkg', 'delete', 'private'], out);
    // A spec change regenerates (and a changed title would change the generated description).
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Petstore', 'title: Petstore Two'));
    const r = runCli(['generate', spec, '--out', out, '--name', 'petstore-mcp']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('overwrote package.json');
    const text = readFileSync(join(out, 'package.json'), 'utf8');
    const pkg = JSON.parse(text) as Record<string, unknown>;
    expect(text).toBe(`${JSON.stringify(pkg, null, 2)}\n`);
    expect(pkg).toMatchObject({
      version: '2.0.0',
      description: 'Our pet store, for agents',
      license: 'MIT',
      author: 'Ada <ada@example.com>',
      repository: { type: 'git', url: 'https://git.example.com/pets.git' },
      keywords: ['pets'],
      bin: { 'petstore-mcp': 'dist/main.js' }, // the generator's
      scripts: { build: 'tsc -p tsconfig.json', start: 'node dist/main.js', test: 'node --test' },
      devDependencies: { '@types/node': '22.20.7', typescript: '7.0.2', vitest: '5.1.2' },
    });
    expect(Object.keys(pkg.dependencies as object)).toEqual(['@modelcontextprotocol/client', '@modelcontextprotocol/node', '@modelcontextprotocol/server', 'jose', 'left-pad', 'minisearch']);
    expect(pkg).not.toHaveProperty('private');
    // The owner's edit is current now: the next run is a no-op.
    const again = runCli(['generate', spec, '--out', out, '--name', 'petstore-mcp']);
    expect(again.stderr).toContain('(up to date)');
  });

  it('an untouched description follows the title', () => {
    const other = join(root, 'other');
    expect(runCli(['generate', spec, '--out', other]).code).toBe(0);
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('title: Petstore Two', 'title: Petstore Three'));
    expect(runCli(['generate', spec, '--out', other]).code).toBe(0);
    expect(JSON.parse(readFileSync(join(other, 'package.json'), 'utf8'))).toMatchObject({ description: 'MCP server for Petstore Three', version: '1.0.0', private: true });
  });

  it('builds; --version/-v print the package version; importing it starts nothing; bad --base-url names the flag', () => {
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], out);
    run('npm', ['run', 'build'], out);
    for (const flag of ['--version', '-v']) {
      const r = node(['dist/main.js', flag]);
      expect([r.status, r.stdout, r.stderr]).toEqual([0, 'petstore-mcp 2.0.0\n', '']);
    }
    // Self-reference by name (what a dependent's `import('petstore-mcp')` resolves to).
    const imported = node(['--input-type=module', '-e', "const m = await import('petstore-mcp'); console.log(Object.keys(m).sort().join(','))"]);
    expect([imported.status, imported.stdout, imported.stderr]).toEqual([0, 'config,startServer\n', '']);
    const bad = node(['dist/main.js', '--base-url', 'not-a-url']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("petstore-mcp: the --base-url value is not an absolute URL; give --base-url the API's base URL, e.g. https://api.example.com/v1. Try --help.\n");
  }, 120_000);

  it('sends user-agent <package>/<version> openapi-mcp upstream', async () => {
    const client = new Client({ name: 't', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioClientTransport({
      command: process.execPath,
      args: [join(out, 'dist/main.js'), '--base-url', upstream.url],
      env: { PATH: process.env.PATH ?? '', PETSTORE_API_KEY: 'k' },
    }));
    try {
      const result = await client.callTool({ name: 'showPetById', arguments: { petId: 7 } });
      expect(result.isError, JSON.stringify(result)).not.toBe(true);
      // The server reports the package's version too.
      expect(client.getServerVersion()?.version).toBe('2.0.0');
    } finally {
      await client.close();
    }
    expect(upstream.requests.map((r) => [r.url, r.headers['user-agent']])).toEqual([['/pets/7', 'petstore-mcp/2.0.0 openapi-mcp']]);
  }, 30_000);

  it('--host-config prints each host its entry with the real paths, and the entry starts the server', async () => {
    const main = join(out, 'dist/main.js');
    const claude = JSON.parse(node(['dist/main.js', '--host-config', 'claude-desktop']).stdout) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    expect(claude).toEqual({ mcpServers: { 'petstore-mcp': { command: process.execPath, args: [main], env: { PETSTORE_API_KEY: '...' } } } });
    expect(JSON.parse(node(['dist/main.js', '--host-config', 'cursor']).stdout)).toEqual(claude);
    expect(JSON.parse(node(['dist/main.js', '--host-config', 'vscode']).stdout)).toEqual({
      inputs: [{ type: 'promptString', id: 'petstore_api_key', description: 'PETSTORE_API_KEY', password: true }],
      servers: { 'petstore-mcp': { type: 'stdio', command: process.execPath, args: [main], env: { PETSTORE_API_KEY: '${input:petstore_api_key}' } } },
    });
    expect(node(['dist/main.js', '--host-config', 'inspector']).stdout).toBe(`npx @modelcontextprotocol/inspector -e PETSTORE_API_KEY=... ${process.execPath} ${main}\n`);
    // A host starting the entry as written, from anywhere (here: the temp root).
    const entry = claude.mcpServers['petstore-mcp']!;
    const client = new Client({ name: 'host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...entry.env, PATH: process.env.PATH ?? '' }, cwd: tmpdir() }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['listPets', 'createPet', 'showPetById', 'deletePet']);
    } finally {
      await client.close();
    }
    // The README names every host and its command.
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    for (const host of ['claude-desktop', 'cursor', 'vscode', 'inspector']) expect(readme).toContain(`node dist/main.js --host-config ${host}`);
    expect(readme).not.toContain('/absolute/path');
  }, 30_000);
});
