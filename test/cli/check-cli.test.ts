import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, withoutNotes } from '../support/run-cli.js';

/** `--check` in CI against a package someone generated on their machine, with other run flags. */
describe('--check and how the package was generated', () => {
  /** One operation; `warn` adds a parameter whose schema is a $ref to nothing (a warning). */
  function spec(warn: boolean): string {
    const parameters = [{ name: 'q', in: 'query', schema: warn ? { $ref: '#/components/schemas/Missing' } : { type: 'string' } }];
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'Checks', version: '1' }, servers: [{ url: 'https://api.example.com' }], paths: { '/a': { get: { operationId: 'getA', parameters, responses: { '200': { description: 'ok' } } } } } });
  }

  it('--strict and --validate shape no file: generated with or without them, --check with or without them passes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-check-'));
    writeFileSync(join(dir, 'api.json'), spec(false));
    const gen = (...flags: string[]) => runCli(['generate', 'api.json', '--out', 'out', ...flags], { cwd: dir });
    expect(gen().code).toBe(0);
    const manifest = readFileSync(join(dir, 'out/.openapi-mcp-manifest.json'), 'utf8');
    for (const flags of [['--strict'], ['--validate'], ['--strict', '--validate']]) {
      expect(gen(...flags).code).toBe(0);
      expect(readFileSync(join(dir, 'out/.openapi-mcp-manifest.json'), 'utf8')).toBe(manifest);
      expect(gen('--check', ...flags).stderr).toBe('out is up to date\n');
    }
  });

  it('a manifest that is the only stale file says what it records that changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-check-'));
    writeFileSync(join(dir, 'api.json'), spec(false));
    expect(runCli(['generate', 'api.json', '--out', 'out'], { cwd: dir }).code).toBe(0);
    // A spec edit that reaches no generated file.
    writeFileSync(join(dir, 'api.json'), JSON.stringify({ ...JSON.parse(spec(false)), 'x-internal': 'reviewed' }));
    const edited = runCli(['generate', 'api.json', '--out', 'out', '--check'], { cwd: dir });
    expect(edited.code).toBe(1);
    expect(edited.stderr).toBe("tools: no changes\nwould update .openapi-mcp-manifest.json (changed since the last generation: the spec's files)\n");
    const both = runCli(['generate', 'api.json', '--out', 'out', '--check', '--output-schema', 'compact'], { cwd: dir });
    expect(both.stderr).toBe("tools: no changes\nwould update .openapi-mcp-manifest.json (changed since the last generation: the spec's files, the options)\n");
  });

  it('a rerun with --strict is never skipped: the warnings of a run without it stop it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-check-'));
    writeFileSync(join(dir, 'api.json'), spec(true));
    expect(runCli(['generate', 'api.json', '--out', 'out'], { cwd: dir }).code).toBe(0);
    expect(runCli(['generate', 'api.json', '--out', 'out'], { cwd: dir }).stderr).toMatch(/ → out \(up to date\)\n$/);
    const strict = runCli(['generate', 'api.json', '--out', 'out', '--strict'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(withoutNotes(strict.stderr)).toMatch(/\(--strict\); nothing written\n$/);
  });
});
