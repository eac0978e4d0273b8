import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { run } from './support/generated-package.js';
import { PETSTORE_SERVER_DIR, PETSTORE_SERVER_STEPS, runReadmeFirstCall } from './support/petstore-example.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

/** The committed example output is what the generator writes today, and it builds and runs. */
describe('examples/petstore', () => {
  const out = PETSTORE_SERVER_DIR;

  it('is current (generate --check)', () => {
    const r = runCli(['generate', 'examples/petstore/petstore.yaml', '--out', 'examples/petstore/server', '--check']);
    expect(r.stderr).toBe('examples/petstore/server is up to date\n');
    expect(r.code).toBe(0);
  });

  it('installs, builds and lists its tools over stdio; the README first tool call succeeds against Prism', async () => {
    for (const step of PETSTORE_SERVER_STEPS) run('npm', [...step.args], out);
    const client = new Client({ name: 'example', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [`${out}/dist/main.js`], env: { PATH: process.env.PATH ?? '' } }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['listPets', 'createPet', 'showPetById', 'deletePet']);
    await client.close();

    // README "Your first tool call": Prism mocks the spec, the Inspector's CLI calls listPets.
    const first = await runReadmeFirstCall();
    expect(first.code, `${first.stdout}\n${first.stderr}\n${first.mockLog}`).toBe(0);
    const result = JSON.parse(first.stdout) as { isError?: boolean; _meta: Record<string, unknown>; structuredContent: { result: unknown[] } };
    expect(result.isError).toBeUndefined();
    expect(result._meta['openapi-mcp/status']).toBe(200);
    expect(Array.isArray(result.structuredContent.result)).toBe(true);
    expect(first.mockLog).toContain('The request passed the validation rules');
  }, 120_000);
});
