import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../src/generate.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'openapi-mcp-gen-'));
}

/** path → sha256 of every file below `dir`. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('openapi-mcp generate (the built bin)', () => {
  it('writes a complete package', () => {
    const out = join(tmp(), 'pkg');
    const r = runCli(['generate', 'test/fixtures/specs/petstore.2.0.yaml', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^4 tools → .*pkg \(\d+ created, 0 updated, 0 removed\)\n$/);
    const files = Object.keys(snapshot(out));
    for (const f of ['package.json', 'tsconfig.json', 'README.md', '.env.example', '.gitignore', '.openapi-mcp-manifest.json', 'src/main.ts', 'src/config.gen.ts', 'src/tools/index.gen.ts', 'src/tools/part-first.gen.ts', 'src/tools/definitions.gen.ts', 'data/tools/part-first.json', 'data/tools/definitions.json', 'data/tools/catalog.json', 'data/tools/search-index.json', 'src/tools/catalog.gen.ts', 'src/runtime/cli.gen.ts', 'src/runtime/types.gen.ts']) {
      expect(files).toContain(f);
    }
    const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.name).toBe('pets-v2-mcp');
    expect(pkg.bin).toEqual({ 'pets-v2-mcp': 'dist/main.js' });
    expect(pkg.engines).toEqual({ node: '>=20' });
    expect(pkg.scripts).toEqual({ build: 'tsc -p tsconfig.json', start: 'node dist/main.js' });
    expect(pkg.dependencies).toEqual({ '@modelcontextprotocol/client': '2.4.0', '@modelcontextprotocol/node': '2.1.2', '@modelcontextprotocol/server': '2.4.0', jose: '6.2.18', minisearch: '7.2.0' });
    // The entry starts nothing (the bin does): src/index.ts.
    expect(pkg.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './client': { types: './dist/client/index.d.ts', default: './dist/client/index.js' } });
    // The API's credentials first: what every user fills in.
    expect(readFileSync(join(out, '.env.example'), 'utf8').split('\n').filter((l) => /^[A-Z_0-9]+=$/.test(l))).toEqual([
      'PETS_V2_BASIC_USERNAME=',
      'PETS_V2_BASIC_PASSWORD=',
      'PETS_V2_BASE_URL=',
      'PETS_V2_TIMEOUT_MS=',
      'PETS_V2_RETRY_BUDGET_MS=',
      'PETS_V2_CONFIRM=',
      'PETS_V2_STATE_KEY=',
      'PETS_V2_MCP_TOKEN=',
      'PETS_V2_MCP_OAUTH_ISSUER=',
      'PETS_V2_MCP_OAUTH_AUDIENCE=',
      'PETS_V2_MCP_SCOPES=',
      'PETS_V2_TOOLSETS=',
      'PETS_V2_TOOLS=',
      'PETS_V2_READ_ONLY=',
      'PETS_V2_TOOLS_MODE=',
    ]);
  });

  it('is deterministic: a second run writes nothing and the bytes are identical', () => {
    const a = join(tmp(), 'a');
    const b = join(tmp(), 'b');
    runCli(['generate', 'test/fixtures/specs/locations.3.1.yaml', '--out', a, '--name', 'same']);
    runCli(['generate', 'test/fixtures/specs/locations.3.1.yaml', '--out', b, '--name', 'same']);
    expect(snapshot(a)).toEqual(snapshot(b));
    const again = runCli(['generate', 'test/fixtures/specs/locations.3.1.yaml', '--out', a, '--name', 'same']);
    expect(again.stderr).toMatch(/\(up to date\)/);
  });

  it('the bundled bin (precompiled templates) writes exactly what the source pipeline writes', async () => {
    expect(existsSync(join(REPO_ROOT, 'dist/templates.precompiled.cjs'))).toBe(true);
    for (const spec of ['test/fixtures/specs/petstore.2.0.yaml', 'test/fixtures/specs/locations.3.1.yaml']) {
      const built = join(tmp(), 'built');
      const source = join(tmp(), 'source');
      expect(runCli(['generate', spec, '--out', built]).code).toBe(0);
      await generate({ input: spec, output: source, cwd: REPO_ROOT });
      expect(snapshot(built)).toEqual(snapshot(source));
    }
  });

  it('--check: exit 0 when current, exit 1 listing what would change, writing nothing', () => {
    const dir = tmp();
    const spec = join(dir, 'spec.yaml');
    cpSync('test/fixtures/specs/locations.3.1.yaml', spec);
    const out = join(dir, 'pkg');
    expect(runCli(['generate', spec, '--out', out]).code).toBe(0);
    const ok = runCli(['generate', spec, '--out', out, '--check']);
    expect(ok.code).toBe(0);
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('summary: Replace an item', 'summary: Replace one item'));
    const before = snapshot(out);
    const changed = runCli(['generate', spec, '--out', out, '--check']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('would update data/tools/part-first.json');
    expect(snapshot(out)).toEqual(before);
  });

  it('--strict fails before writing anything', () => {
    const out = join(tmp(), 'pkg');
    const r = runCli(['generate', 'test/fixtures/specs/recursion.3.0.json', '--out', out, '--strict']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('openapi-mcp: 5 problems in test/fixtures/specs/recursion.3.0.json (--strict); nothing written');
    expect(existsSync(out)).toBe(false);
  });

  it('--validate reports schema violations through the bundled validator, and still generates', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'api.yaml'), "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n");
    const r = runCli(['generate', 'api.yaml', '--out', 'pkg', '--validate'], { cwd: dir });
    expect(r.stderr).toContain("must have required property 'responses'");
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'pkg/package.json'))).toBe(true);
  });

  it('--verbose prints each stage with its time', () => {
    const r = runCli(['generate', 'test/fixtures/specs/names.3.0.yaml', '--out', join(tmp(), 'pkg'), '--verbose']);
    const stages = r.stderr.split('\n').filter((l) => /^\w+\s+\d+ ms {2}/.test(l)).map((l) => l.split(/\s+/)[0]);
    expect(stages).toEqual(['load', 'normalize', 'map', 'emit', 'write']);
  });

  it('refuses an invalid package name', () => {
    const r = runCli(['generate', 'test/fixtures/specs/names.3.0.yaml', '--out', join(tmp(), 'pkg'), '--name', '../evil']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('openapi-mcp: "../evil" is not a valid npm package name (lower case letters, digits, - . _ ~, optionally @scope/)\n');
  });
});

describe('golden generated files (petstore 2.0)', () => {
  it('matches the committed goldens', async () => {
    const out = join(tmp(), 'pkg');
    runCli(['generate', 'test/fixtures/specs/petstore.2.0.yaml', '--out', out]);
    for (const f of ['package.json', 'README.md', '.env.example', 'src/main.ts', 'src/hooks.ts', 'src/config.gen.ts', 'src/tools/index.gen.ts', 'src/tools/part-first.gen.ts', 'src/tools/definitions.gen.ts', 'data/tools/part-first.json', 'data/tools/definitions.json']) {
      await expect(readFileSync(join(out, f), 'utf8')).toMatchFileSnapshot(`../golden/package/petstore/${f.replace(/^\./, '_')}`);
    }
  });
});

describe('the token budget of a generated package', () => {
  it('over --token-budget: the package starts dynamic and the warning says so; a bigger budget: static', () => {
    const out = mkdtempSync(join(tmpdir(), 'openapi-mcp-budget-'));
    const r = runCli(['generate', 'test/fixtures/specs/locations.3.1.yaml', '--out', join(out, 'small'), '--token-budget', '300']);
    expect(r.code).toBe(0);
    const warning = r.stderr.split('\n').find((line) => line.startsWith('warning [token-budget]'));
    expect(warning).toMatch(/over the budget of 300 \(--token-budget\), so the server starts in dynamic mode \(three tools that search, describe and call the others\)/);
    expect(readFileSync(join(out, 'small', 'src', 'config.gen.ts'), 'utf8')).toContain('"toolsMode": "dynamic",\n  "toolsBudget": 300');
    const big = runCli(['generate', 'test/fixtures/specs/locations.3.1.yaml', '--out', join(out, 'big'), '--token-budget', '100000']);
    expect(big.stderr).not.toContain('token-budget');
    expect(readFileSync(join(out, 'big', 'README.md'), 'utf8')).toContain('within the budget of 100,000.');
  });
});
