import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { MONOREPO_DIR, MONOREPO_STEPS } from './support/monorepo-example.js';
import { runCli } from './support/run-cli.js';

function npm(args: string[], cwd: string): { code: number; out: string } {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/**
 * examples/monorepo as CI runs it from a clean clone: npm workspaces where @example/petstore-api's
 * spec feeds the committed, generated @example/petstore-mcp. `npm test` there is
 * `openapi-mcp generate --check`. When the generator's output changes, this fails until the example
 * is regenerated: `npm run generate` in examples/monorepo.
 */
describe('examples/monorepo', () => {
  it('installs (openapi-mcp linked from this repo), passes its npm test (generate --check), builds and lists its tools', async () => {
    const outputs = MONOREPO_STEPS.map((step) => {
      const r = npm([...step.args], MONOREPO_DIR);
      expect(r.out).not.toMatch(/ERR!/);
      expect(r.code, `${step.command}:\n${r.out}`).toBe(0);
      return r.out;
    });
    expect(MONOREPO_STEPS.map((s) => s.command)).toEqual(['npm install', 'npm test', 'npm run build']);
    expect(outputs[1]).toContain('\n../petstore-mcp is up to date\n');

    const client = new Client({ name: 'example', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [`${MONOREPO_DIR}/packages/petstore-mcp/dist/main.js`], env: { PATH: process.env.PATH ?? '' } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['listPets', 'getPet', 'adoptPet', 'cancelAdoption']);
    await client.close();
  }, 180_000);

  it('its check fails when a file the spec reaches changes, and generate makes it pass again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-monorepo-'));
    for (const pkg of ['petstore-api', 'petstore-mcp']) {
      cpSync(`${MONOREPO_DIR}/packages/${pkg}`, join(dir, pkg), { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
    }
    const api = join(dir, 'petstore-api');
    expect(runCli(['generate', '--check'], { cwd: api }).code).toBe(0);

    const schema = join(api, 'schemas/pet.yaml');
    // Species is the `species` query argument's enum: a change the (compact) tool data shows.
    writeFileSync(schema, readFileSync(schema, 'utf8').replace('  enum: [cat, dog, rabbit]', '  enum: [cat, dog, rabbit, hamster]'));
    const stale = runCli(['generate', '--check'], { cwd: api });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/^would update data\/tools\/definitions\.json$/m);

    expect(runCli(['generate'], { cwd: api }).code).toBe(0);
    const fresh = runCli(['generate', '--check'], { cwd: api });
    expect(fresh.stderr).toBe('../petstore-mcp is up to date\n');
    expect(existsSync(join(dir, 'petstore-mcp/src/main.ts'))).toBe(true);
  });
});
