import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from './support/generated-package.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

/** The committed client-only example is what `generate --client-only` writes today, and it builds. */
describe('examples/petstore/client', () => {
  it('is current (generate --client-only --check)', () => {
    const r = runCli(['generate', 'examples/petstore/petstore.yaml', '--client-only', '--out', 'examples/petstore/client', '--check']);
    expect(r.stderr).toBe('examples/petstore/client is up to date\n');
    expect(r.code).toBe(0);
  });

  it('installs and builds (in a copy), exporting createClient with its types', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'openapi-mcp-example-client-')), 'client');
    cpSync(join(REPO_ROOT, 'examples/petstore/client'), dir, { recursive: true });
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    run('npm', ['run', 'build'], dir);
    expect(existsSync(join(dir, 'dist/client/index.d.ts'))).toBe(true);
    const client = (await import(pathToFileURL(join(dir, 'dist/client/index.js')).href)) as Record<string, unknown>;
    expect(Object.keys(client).sort()).toEqual(['InputRequiredError', 'ToolCallError', 'createClient']);

    // The README's "Typed client" example type-checks against it (the example's server package is
    // petstore-mcp; this client-only package of the same spec is petstore-mcp-client).
    const readme = readFileSync(join(REPO_ROOT, 'docs/generate.md'), 'utf8');
    const block = /## Typed client[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toContain("from 'petstore-mcp/client'");
    writeFileSync(join(dir, 'readme-example.ts'), `${block!.replace("'petstore-mcp/client'", "'petstore-mcp-client/client'")}\nexport {};\n`);
    writeFileSync(join(dir, 'tsconfig.readme.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023'], types: ['node'], strict: true, noEmit: true },
      files: ['readme-example.ts'],
    }));
    const tsc = spawnSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.readme.json')], { cwd: dir, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);
});
