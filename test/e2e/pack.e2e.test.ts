import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../support/generated-package.js';
import { PACK_STEPS } from '../support/pack-steps.js';
import { REPO_ROOT } from '../support/run-cli.js';

const own = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };

/**
 * openapi-mcp as a user installs it before it is published: the tarball `npm pack` makes,
 * installed into a fresh CommonJS project (`npm init -y`), its bin, its library entry (ESM import,
 * require, a consumer's type-check) and a TypeScript config there. The dependencies come from the
 * npm cache or the registry, nothing else.
 */
describe('the npm pack tarball in a fresh project', () => {
  const work = mkdtempSync(join(tmpdir(), 'openapi-mcp-pack-'));
  const project = join(work, 'project');
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', timeout: 30_000 });
  const bin = (args: readonly string[]) => node([join(project, 'node_modules/openapi-mcp/dist/cli/bin.js'), ...args]);
  let tarball = '';

  it('packs the built CLI, library, types and templates, and nothing else', () => {
    expect(PACK_STEPS.map((s) => s.command)[0]).toBe('npm pack');
    const [packed] = JSON.parse(run('npm', [...PACK_STEPS[0]!.args, '--pack-destination', work], REPO_ROOT)) as { filename: string; files: { path: string }[] }[];
    expect(packed!.filename).toBe(`openapi-mcp-${own.version}.tgz`);
    // The README shows the file name of this version.
    expect(PACK_STEPS[1]!.command).toContain(packed!.filename);
    tarball = join(work, packed!.filename);
    const paths = packed!.files.map((f) => f.path);
    for (const f of ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/cli/bin.js', 'dist/templates.precompiled.cjs', 'templates/runtime/cli.gen.ts', 'docs/generate.md', 'schemas/tool-manifest.schema.json']) {
      expect(paths).toContain(f);
    }
    expect(paths.filter((p) => /^(src|test|examples|bench|scripts|node_modules)\//.test(p))).toEqual([]);
    expect(own.engines.node).toBe('>=22.12'); // require() of this ES module needs 22.12
  });

  it('installs with npm install -D, and npx openapi-mcp generate works there', () => {
    mkdirSync(project);
    run('npm', ['init', '-y'], project);
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).type).not.toBe('module');
    run('npm', PACK_STEPS[1]!.args.map((a) => (a === '<tarball>' ? tarball : a)), project);
    expect(JSON.parse(readFileSync(join(project, 'node_modules/openapi-mcp/package.json'), 'utf8')).version).toBe(own.version);
    copyFileSync(join(REPO_ROOT, 'examples/petstore/petstore.yaml'), join(project, 'openapi.yaml'));
    // npx resolves node_modules/.bin/openapi-mcp, the tarball's bin.
    const version = spawnSync('npx', ['openapi-mcp', '--version'], { cwd: project, encoding: 'utf8' });
    expect([version.status, version.stdout]).toEqual([0, `openapi-mcp ${own.version}\n`]);
    const gen = spawnSync('npx', ['openapi-mcp', ...PACK_STEPS[2]!.args], { cwd: project, encoding: 'utf8' });
    expect(gen.stderr).toMatch(/^4 tools → mcp \(\d+ created, 0 updated, 0 removed\)\n$/);
    expect(gen.status).toBe(0);
    expect(existsSync(join(project, 'mcp/src/main.ts'))).toBe(true);
  }, 60_000);

  it('loads a TypeScript config importing defineConfig in that CommonJS project', () => {
    writeFileSync(join(project, 'openapi-mcp.config.ts'), "import { defineConfig } from 'openapi-mcp';\n\nexport default defineConfig({ input: 'openapi.yaml', output: 'mcp' });\n");
    const r = bin(['generate']);
    expect([r.status, r.stderr]).toEqual([0, '4 tools → mcp (up to date)\n']);
    rmSync(join(project, 'openapi-mcp.config.ts'));
  });

  it('its library entry imports, requires and type-checks from the consumer', () => {
    const esm = node(['--input-type=module', '-e', "import { defineConfig, generate, mapSpec } from 'openapi-mcp'; console.log(typeof defineConfig, typeof generate, typeof mapSpec)"]);
    expect([esm.status, esm.stdout, esm.stderr]).toEqual([0, 'function function function\n', '']);
    const cjs = node(['-e', "console.log(typeof require('openapi-mcp').defineConfig)"]);
    expect([cjs.status, cjs.stdout]).toEqual([0, 'function\n']);
    writeFileSync(join(project, 'consumer.mts'), [
      "import { defineConfig, mapSpec, type Config } from 'openapi-mcp';",
      "export const config: Config = defineConfig({ strict: true, apis: [{ input: 'openapi.yaml', output: 'mcp', name: '@acme/pets-mcp' }] });",
      "// @ts-expect-error: not an option",
      "defineConfig({ input: 'openapi.yaml', output: 'mcp', nope: true });",
      "export const tools = (await mapSpec('openapi.yaml')).tools.tools.map((t) => t.definition.name.toUpperCase());",
      '',
    ].join('\n'));
    const tsc = node([join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', 'false', '--module', 'nodenext', '--moduleResolution', 'nodenext',
      '--target', 'es2022', '--typeRoots', join(REPO_ROOT, 'node_modules/@types'), '--types', 'node', 'consumer.mts']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);
});
