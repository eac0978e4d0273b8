import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'openapi-mcp-no-ops-'));

/** A 3.1 spec like GitHub's webhooks description: webhooks, no paths. */
function webhooksOnly(dir: string): string {
  const hook = { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '200': { description: 'ok' } } } };
  writeFileSync(join(dir, 'hooks.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'Hooks', version: '1' }, webhooks: { push: hook, ping: hook, 'x-note': {} } }));
  return 'hooks.json';
}

const warnings = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('warning '));

describe('a spec without operations', () => {
  it('generates a package with one warning that says why it has no tools (webhooks are not calls)', () => {
    const dir = scratch();
    const r = runCli(['generate', webhooksOnly(dir), '--out', 'pkg'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      'warning [no-operations] hooks.json: the spec defines no operations under "paths", so the server has no tools; its 2 webhooks describe requests the API sends, which a model cannot call',
    ]);
    expect(r.stderr).toContain('0 tools → pkg (');
  });

  it('points at an empty "paths", and `tools` says the same', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'empty.yaml'), 'openapi: 3.0.3\ninfo: { title: Empty, version: "1" }\npaths: {}\n');
    const r = runCli(['tools', 'empty.yaml'], { cwd: dir });
    expect(warnings(r.stderr)).toEqual(['warning [no-operations] empty.yaml#/paths: the spec defines no operations under "paths", so the server has no tools']);
  });

  it('is a problem for --strict: one line, a non-zero exit, nothing written', () => {
    const dir = scratch();
    const r = runCli(['generate', webhooksOnly(dir), '--out', 'pkg', '--strict'], { cwd: dir });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('[no-operations]');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'pkg'))).toBe(false);
  });
});
