import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('openapi-mcp tools (the built bin)', () => {
  it('--help lists the commands and exits 0', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('tools [options] <spec>');
    expect(r.stdout).toContain('generate [options] [spec]');
  });

  it('prints a table with mirrored headers', () => {
    const r = runCli(['tools', 'test/fixtures/specs/locations.3.1.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'NAME        METHOD  PATH         MIRRORED HEADERS',
        'createItem  POST    /items',
        'updateItem  PUT     /items/{id}  Mcp-Param-id, Mcp-Param-X-Request-Id',
        '',
        '2 tools from Locations 2',
        'tools/list: 2 tools, 490 tokens (o200k_base): input schemas 241, output schemas 184, descriptions 10; median 212 per tool',
        '  most expensive: updateItem 274, createItem 212',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('');
  });

  it('--token-budget decides the compact output schemas: every one while they fit, else only small ones', () => {
    const cost = (budget: string) => runCli(['tools', 'test/fixtures/specs/locations.3.1.yaml', '--token-budget', budget]).stdout.split('\n').find((line) => line.startsWith('tools/list:'));
    expect(cost('490')).toBe('tools/list: 2 tools, 490 tokens (o200k_base): input schemas 241, output schemas 184, descriptions 10; median 212 per tool');
    expect(cost('489')).toBe('tools/list: 2 tools, 302 tokens (o200k_base): input schemas 241, output schemas 0, descriptions 10; median 101 per tool');
  });

  it('warns once when the tools cost more than --token-budget, saying what would bring them under', () => {
    const r = runCli(['tools', 'test/fixtures/specs/locations.3.1.yaml', '--token-budget', '300', '--output-schema', 'full']);
    expect(r.code).toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warning \[token-budget\] tools\/list costs \d+ tokens, over the budget of 300 \(--token-budget\): /);
    expect(lines[0]).toContain('--tools-mode dynamic');
    expect(lines[0]).toMatch(/--output-schema compact \(output schemas cost \d+\)/);
    expect(runCli(['tools', 'test/fixtures/specs/locations.3.1.yaml', '--token-budget', '100000']).stderr).toBe('');
    expect(runCli(['tools', 'test/fixtures/specs/locations.3.1.yaml', '--token-budget', '0']).stderr).toBe('openapi-mcp: --token-budget needs a positive whole number, got "0"\n');
  });

  it('--json prints { tools, sources } in the pinned shape, warnings on stderr', () => {
    const r = runCli(['tools', 'test/fixtures/specs/recursion.3.0.json', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { name: string }[]; sources: Record<string, unknown> };
    expect(out.tools.map((t) => t.name)).toEqual(['broken', 'createNode', 'broken_2']);
    expect(out.sources.broken_2).toEqual({ method: 'GET', path: '/things/{thingId}', operationId: 'broken', arguments: { thingId: { in: 'path', name: 'thingId' } } });
    expect(out.sources.createNode).toMatchObject({ arguments: { name: { in: 'body', name: 'name' }, children: { in: 'body', name: 'children' } } });
    expect(r.stderr.trim().split('\n')).toHaveLength(5);
    expect(r.stderr).toContain('warning [duplicate-operation-id] test/fixtures/specs/recursion.3.0.json#/paths/~1things~1{thingId}/get: operationId "broken" is also used by GET /broken');
  });

  it('--strict turns warnings into errors: exit 1, nothing on stdout', () => {
    const r = runCli(['tools', 'test/fixtures/specs/recursion.3.0.json', '--strict', '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error [ref-unresolved]');
    expect(r.stderr.trim().split('\n').at(-1)).toBe('openapi-mcp: 5 problems in test/fixtures/specs/recursion.3.0.json (--strict)');
  });

  const fatal: { name: string; args: string[]; message: string }[] = [
    { name: 'missing file', args: ['missing.yaml'], message: 'openapi-mcp: cannot read missing.yaml: no such file' },
    { name: 'JSON syntax error', args: ['test/fixtures/bad/syntax.json'], message: "openapi-mcp: test/fixtures/bad/syntax.json:4:13: invalid JSON: expected property name or '}'" },
    { name: 'YAML syntax error', args: ['test/fixtures/bad/syntax.yaml'], message: 'openapi-mcp: test/fixtures/bad/syntax.yaml:3:10: invalid YAML: nested mappings are not allowed in compact mappings' },
    { name: 'not OpenAPI', args: ['test/fixtures/bad/not-openapi.yaml'], message: 'openapi-mcp: test/fixtures/bad/not-openapi.yaml: not an OpenAPI document or tool manifest (no "openapi", "swagger" or "toolManifest" field)' },
    { name: 'no paths', args: ['test/fixtures/bad/no-paths.yaml'], message: 'openapi-mcp: test/fixtures/bad/no-paths.yaml: no "paths" object' },
    { name: 'bad flag value', args: ['test/fixtures/specs/names.3.0.yaml', '--name-style', 'weird'], message: "error: option '--name-style <style>' argument 'weird' is invalid. Allowed choices are portable, spec." },
  ];
  for (const c of fatal) {
    it(`fails with one clear line: ${c.name}`, () => {
      const r = runCli(['tools', ...c.args]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(c.message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('--name-style spec keeps dots; --sensitive extends the list', () => {
    const r = runCli(['tools', 'test/fixtures/specs/names.3.0.yaml', '--json', '--name-style', 'spec', '--sensitive', 'repo']);
    const out = JSON.parse(r.stdout) as { tools: { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[] };
    const get = out.tools.find((t) => t.name === 'repos_get')!;
    expect(get.inputSchema.properties.owner!['x-mcp-header']).toBe('owner');
    expect(get.inputSchema.properties.repo!['x-mcp-header']).toBeUndefined();
  });

  it('never prints control characters from the spec to the terminal', () => {
    const r = runCli(['tools', 'test/fixtures/specs/injection.3.0.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    // The map stage sanitizes the title (serverInfo) already: the escape sequence is gone, not just escaped.
    expect(r.stdout).toContain('1 tool from Injection red 1');
    expect(r.stderr).toContain('description-instruction-like');
  });
});
