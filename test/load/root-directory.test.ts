import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/load/load-spec.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-rootdir-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const api = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n";

describe('a directory given as the spec', () => {
  it('names the one root file in it, not the files its $refs reach', async () => {
    const cwd = writeTree({
      'specs/do/DigitalOcean.v2.yaml': `# DigitalOcean\n${api}`,
      'specs/do/description.yml': 'introduction: text\n',
      'specs/do/resources/droplets.yml': 'type: object\n',
      'specs/do/notes.txt': 'openapi: 3.0.3\n',
    });
    await expect(loadSpec('specs/do', { cwd })).rejects.toThrow(
      'cannot read specs/do: is a directory; pass its root file: specs/do/DigitalOcean.v2.yaml',
    );
  });

  it('lists up to three candidates, JSON and manifests too, and how many there are', async () => {
    const cwd = writeTree({
      'd/a.json': '{"openapi": "3.1.0", "paths": {}}',
      'd/b.yaml': api,
      'd/c.yml': 'toolManifest: 1\ntools: []\n',
      'd/d.yaml': 'swagger: "2.0"\npaths: {}\n',
    });
    await expect(loadSpec('d', { cwd })).rejects.toThrow(
      'cannot read d: is a directory; pass its root file, one of: d/a.json, d/b.yaml, d/c.yml, … (4 in all)',
    );
  });

  it('says to pass the file itself when nothing in it looks like a root', async () => {
    const cwd = writeTree({ 'd/schema.yaml': 'type: object\n' });
    await expect(loadSpec('d', { cwd })).rejects.toThrow(
      'cannot read d: is a directory; pass the spec file itself (none of its files starts like an OpenAPI document or a tool manifest)',
    );
  });
});
