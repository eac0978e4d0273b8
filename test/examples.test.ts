import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { run } from './support/generated-package.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

/** The committed example output is what the generator writes today, and it builds and runs. */
describe('examples/petstore', () => {
  const out = `${REPO_ROOT}/examples/petstore/server`;

  it('is current (generate --check)', () => {
    const r = runCli(['generate', 'examples/petstore/petstore.yaml', '--out', 'examples/petstore/server', '--check']);
    expect(r.stderr).toBe('examples/petstore/server is up to date\n');
    expect(r.code).toBe(0);
  });

  it('installs, builds and lists its tools over stdio', async () => {
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], out);
    run('npm', ['run', 'build'], out);
    const client = new Client({ name: 'example', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [`${out}/dist/main.js`], env: { PATH: process.env.PATH ?? '' } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['listPets', 'createPet', 'showPetById', 'deletePet']);
    await client.close();
  }, 120_000);
});
