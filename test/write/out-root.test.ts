import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics.js';
import { generate } from '../../src/generate.js';
import { REPO_ROOT } from '../support/run-cli.js';

describe('--out at the file system root', () => {
  it('is refused in one line before anything is read or written', async () => {
    const run = generate({ input: 'examples/petstore/petstore.yaml', output: '/', cwd: REPO_ROOT });
    await expect(run).rejects.toThrow(new UserError("cannot write a package into /, the file system's root; give it a directory of its own (e.g. --out mcp)"));
    expect(existsSync('/.openapi-mcp-manifest.json')).toBe(false);
  });
});
