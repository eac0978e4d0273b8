import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'openapi-mcp-trust-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET = 'GOCSPX-cli-secret-value';

function project(): string {
  const dir = mkdtempSync(join(scratch, 'p-'));
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'creds.json'), JSON.stringify({ client_secret: SECRET }));
  writeFileSync(
    join(dir, 'api', 'spec.yaml'),
    [
      'openapi: 3.1.0',
      "info: { title: t, version: '1' }",
      'paths:',
      '  /a:',
      '    get:',
      '      operationId: getA',
      '      parameters:',
      '        - { name: q, in: query, schema: { $ref: "../creds.json" } }',
      "      responses: { '200': { description: ok } }",
      '',
    ].join('\n'),
  );
  return dir;
}

describe('generate with a $ref that leaves the spec directory (finding 1)', () => {
  it('fails in one line per ref, writes nothing, and never shows the file', () => {
    const dir = project();
    const r = runCli(['generate', 'spec.yaml', '--out', 'out'], { cwd: join(dir, 'api') });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error [ref-outside-spec] spec.yaml#/paths/~1a/get/parameters/0/schema: $ref "../creds.json" leaves the spec\'s directory; allow its directory with --allow-ref <dir> (config key "allowRef") if you trust it\n' +
        "openapi-mcp: 1 $ref outside the spec's directory refused; nothing read or written\n",
    );
    expect(existsSync(join(dir, 'api', 'out'))).toBe(false);
  });

  it('reads it with --allow-ref', () => {
    const dir = project();
    const r = runCli(['generate', 'spec.yaml', '--out', 'out', '--allow-ref', '..'], { cwd: join(dir, 'api') });
    expect(r.stderr).toContain('1 tool → out');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'api', 'out', 'data', 'tools', 'definitions.json'), 'utf8')).toContain('client_secret');
  });

  it('reads it with the allowRef config key, relative to the config file', () => {
    const dir = project();
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ input: 'api/spec.yaml', output: 'out', allowRef: ['.'] }));
    const r = runCli(['generate'], { cwd: dir });
    expect(r.stderr).toContain('1 tool → out');
    expect(r.code).toBe(0);
  });

  it('tools refuses it too', () => {
    const dir = project();
    const r = runCli(['tools', 'spec.yaml'], { cwd: join(dir, 'api') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[ref-outside-spec]');
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });
});

describe('writes stay inside --out (finding 10)', () => {
  it('refuses to write through a directory symlink inside the output to elsewhere, and writes nothing', () => {
    const dir = project();
    writeFileSync(join(dir, 'api', 'spec.yaml'), "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses: { '200': { description: ok } }\n");
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(join(dir, 'out'));
    symlinkSync(elsewhere, join(dir, 'out', 'src'));
    const r = runCli(['generate', 'api/spec.yaml', '--out', 'out'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^openapi-mcp: cannot write .*out\/src\/.*: src(\/\w+)? leads outside .*out through a symlink; remove the link; .*out was left as it was\n$/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(join(dir, 'out'))).toEqual(['src']);
  });
});

describe('spec text in the generated README and on the terminal (finding 14)', () => {
  it('escapes links, images and table breaks in the README, and bidi characters on stderr', () => {
    const dir = mkdtempSync(join(scratch, 'md-'));
    writeFileSync(join(dir, 'spec.json'), JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Pets ![x](http://evil.example/?q=1) [click](javascript:alert(1))', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            parameters: [
              { name: 'X-a`b|c', in: 'header', schema: { type: 'string' } },
              { name: 'bad\u202ename', in: 'header', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }));
    const r = runCli(['generate', 'spec.json', '--out', 'out'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('\u202e');
    expect(r.stderr).toContain('bad\\u202ename');
    const readme = readFileSync(join(dir, 'out', 'README.md'), 'utf8');
    expect(readme).toContain('An MCP server for Pets !\\[x\\](http://evil.example/?q=1) \\[click\\](javascript:alert(1)) 1');
    expect(readme).not.toMatch(/!\[x\]\(/);
    expect(readme).toContain("`Mcp-Param-X-a'b\\|c`");
  });
});
