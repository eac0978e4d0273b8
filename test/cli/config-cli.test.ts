import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_OPTIONS } from '../../src/config/resolve-options.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

const PETSTORE = `${REPO_ROOT}/test/fixtures/specs/petstore.2.0.yaml`;
const RECURSION = `${REPO_ROOT}/test/fixtures/specs/recursion.3.0.json`;

/** A project directory with two specs (`api/pets.yaml`, 4 tools; `api/recursion.json`, 5 warnings). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-config-'));
  mkdirSync(join(dir, 'api'));
  cpSync(PETSTORE, join(dir, 'api/pets.yaml'));
  cpSync(RECURSION, join(dir, 'api/recursion.json'));
  return dir;
}

function packageName(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name;
}

describe('openapi-mcp generate with a config file (the built bin)', () => {
  it('--report names inputs and outputs relative to the config file, wherever the command runs', () => {
    const dir = project();
    mkdirSync(join(dir, 'ci/reports'), { recursive: true });
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ apis: [{ input: 'api/pets.yaml', output: 'gen/pets' }, { input: 'api/recursion.json', output: 'gen/rec' }] }));
    const r = runCli(['generate', '--config', '../openapi-mcp.config.json', '--report', 'report.json'], { cwd: join(dir, 'ci') });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'ci/report.json'), 'utf8')) as { apis: { input: string; output: string; files: { created: string[] } }[] };
    expect(report.apis.map((a) => [a.input, a.output])).toEqual([['api/pets.yaml', 'gen/pets'], ['api/recursion.json', 'gen/rec']]);
    expect(report.apis[0]!.files.created).toContain('src/main.ts'); // relative to the output
    // Without a config file: relative to the report file's directory.
    const plain = runCli(['generate', '../api/pets.yaml', '--out', '../gen/plain', '--report', 'reports/plain.json'], { cwd: join(dir, 'ci') });
    expect(plain.code, plain.stderr).toBe(0);
    const plainReport = JSON.parse(readFileSync(join(dir, 'ci/reports/plain.json'), 'utf8')) as { apis: { input: string; output: string }[] };
    expect(plainReport.apis.map((a) => [a.input, a.output])).toEqual([['../../api/pets.yaml', '../../gen/plain']]);
  });

  it('generates every API of openapi-mcp.config.json without arguments; --check then passes', () => {
    const dir = project();
    writeFileSync(
      join(dir, 'openapi-mcp.config.json'),
      JSON.stringify({ apis: [{ input: 'api/pets.yaml', output: 'gen/pets', name: 'pets-mcp' }, { input: 'api/recursion.json', output: 'gen/rec' }] }),
    );
    const r = runCli(['generate'], { cwd: dir });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => !l.startsWith('warning ') && !l.startsWith('note '));
    expect(lines).toEqual([expect.stringMatching(/^4 tools → gen\/pets \(\d+ created, 0 updated, 0 removed\)$/), expect.stringMatching(/^\d+ tools → gen\/rec \(\d+ created, 0 updated, 0 removed\)$/), '']);
    expect(packageName(join(dir, 'gen/pets'))).toBe('pets-mcp');
    expect(packageName(join(dir, 'gen/rec'))).toBe('recursion-mcp');

    const check = runCli(['generate', '--check'], { cwd: dir });
    expect(check.stderr.split('\n').filter((l) => !l.startsWith('warning '))).toEqual(['gen/pets is up to date', 'gen/rec is up to date', '']);
    expect(check.code).toBe(0);

    writeFileSync(join(dir, 'api/pets.yaml'), readFileSync(join(dir, 'api/pets.yaml'), 'utf8').replace('title: Pets v2', 'title: Pets v3'));
    const stale = runCli(['generate', '--check'], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('would update package.json\n');
    expect(stale.stderr).toContain('gen/rec is up to date\n');
  });

  // Each module format, importing defineConfig from the installed package as a user's config does.
  const formats: { file: string; text: string }[] = [
    { file: 'openapi-mcp.config.ts', text: "import { defineConfig, type Config } from 'openapi-mcp';\nconst out: string = 'gen';\nexport default defineConfig({ input: 'api/pets.yaml', output: out, name: 'from-ts' } satisfies Config);\n" },
    { file: 'openapi-mcp.config.mts', text: "import { defineConfig } from 'openapi-mcp';\nexport default defineConfig({ apis: [{ input: 'api/pets.yaml', output: 'gen' as string, name: 'from-mts' }] });\n" },
    { file: 'openapi-mcp.config.js', text: "export default { input: 'api/pets.yaml', output: 'gen', name: 'from-js' };\n" },
    { file: 'openapi-mcp.config.mjs', text: "import { defineConfig } from 'openapi-mcp';\nexport default defineConfig({ input: 'api/pets.yaml', output: 'gen', name: 'from-mjs' });\n" },
  ];
  for (const { file, text } of formats) {
    it(`reads ${file}`, () => {
      const dir = project();
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(REPO_ROOT, join(dir, 'node_modules/openapi-mcp'), 'dir');
      writeFileSync(join(dir, file), text);
      const r = runCli(['generate'], { cwd: dir });
      expect(r.stderr).toMatch(/^4 tools → gen \(\d+ created, 0 updated, 0 removed\)\n$/);
      expect(r.code).toBe(0);
      expect(packageName(join(dir, 'gen'))).toBe(`from-${file.split('.').at(-1)}`);
    });
  }

  it('takes the first config file of .ts, .mts, .js, .mjs, .json', () => {
    const dir = project();
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ input: 'api/pets.yaml', output: 'gen', name: 'from-json' }));
    writeFileSync(join(dir, 'openapi-mcp.config.mjs'), "export default { input: 'api/pets.yaml', output: 'gen', name: 'from-mjs' };\n");
    expect(runCli(['generate'], { cwd: dir }).code).toBe(0);
    expect(packageName(join(dir, 'gen'))).toBe('from-mjs');
  });

  it('--config: paths are relative to the config file, not the working directory', () => {
    const dir = project();
    writeFileSync(join(dir, 'api/mcp.json'), JSON.stringify({ input: 'pets.yaml', output: '../gen/pets' }));
    const r = runCli(['generate', '--config', 'api/mcp.json'], { cwd: dir });
    expect(r.stderr).toMatch(/^4 tools → gen\/pets \(\d+ created, 0 updated, 0 removed\)\n$/);
    expect(packageName(join(dir, 'gen/pets'))).toBe('pets-v2-mcp');
  });

  it('applies the file\'s options, and flags override them', () => {
    const dir = project();
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ strict: true, apis: [{ input: 'api/recursion.json', output: 'gen/rec' }] }));
    const strict = runCli(['generate'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stderr.trim().split('\n').at(-1)).toBe('openapi-mcp: 5 problems in api/recursion.json (--strict); nothing written');
    expect(existsSync(join(dir, 'gen'))).toBe(false);

    const r = runCli(['generate', '--name', 'lenient-mcp'], { cwd: dir });
    expect(r.code).toBe(1); // --name does not switch strict off...
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ apis: [{ input: 'api/recursion.json', output: 'gen/rec', strict: false }] }));
    const flagged = runCli(['generate', '--strict'], { cwd: dir });
    expect(flagged.code).toBe(1); // ...and --strict switches it on over the file's false.
    expect(flagged.stderr.trim().split('\n').at(-1)).toBe('openapi-mcp: 5 problems in api/recursion.json (--strict); nothing written');
    const named = runCli(['generate', '--name', 'lenient-mcp'], { cwd: dir });
    expect(named.code).toBe(0);
    expect(packageName(join(dir, 'gen/rec'))).toBe('lenient-mcp');
  });

  it('a spec the --config file lists needs no --out; without --config it does', () => {
    const dir = project();
    writeFileSync(join(dir, 'openapi-mcp.config.json'), JSON.stringify({ apis: [{ input: 'api/pets.yaml', output: 'gen/pets' }, { input: 'api/recursion.json', output: 'gen/rec' }] }));
    const r = runCli(['generate', 'api/pets.yaml', '--config', 'openapi-mcp.config.json'], { cwd: dir });
    expect(r.stderr).toMatch(/^4 tools → gen\/pets \(\d+ created, 0 updated, 0 removed\)\n$/);
    expect(readdirSync(join(dir, 'gen'))).toEqual(['pets']);
    const other = runCli(['generate', 'api/pets.yaml'], { cwd: dir });
    expect(other.stderr).toBe('openapi-mcp: --out <dir> is required (or --config <file> with a config that lists api/pets.yaml)\n');
    expect(other.code).toBe(1);
  });

  it('with a spec and --out, never runs the config file in the working directory (finding 13)', () => {
    const dir = project();
    writeFileSync(join(dir, 'openapi-mcp.config.mjs'), "import { writeFileSync } from 'node:fs';\nwriteFileSync('ran.txt', 'config code ran');\nexport default { input: 'api/pets.yaml', output: 'gen' };\n");
    const r = runCli(['generate', 'api/pets.yaml', '--out', 'out'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });

  // A broken config: one line, exit 1, nothing written.
  const broken: { name: string; file: string; text: string; args?: string[]; want: string }[] = [
    { name: 'missing --config file', file: 'unused.json', text: '{}', args: ['--config', 'nope.json'], want: 'cannot read config nope.json: no such file' },
    { name: 'JSON syntax error', file: 'openapi-mcp.config.json', text: '{\n  "input": "api/pets.yaml",\n  "output": "gen",\n}\n', want: 'openapi-mcp.config.json:4:1: invalid JSON: expected double-quoted property name' },
    { name: 'unknown option', file: 'openapi-mcp.config.json', text: '{ "apis": [{ "input": "api/pets.yaml", "output": "gen", "nameStlye": "spec" }] }', want: `openapi-mcp.config.json: apis[0]: unknown option "nameStlye" (known: input, output, ${Object.keys(API_OPTIONS).join(', ')})` },
    { name: 'wrong type', file: 'openapi-mcp.config.json', text: '{ "input": "api/pets.yaml", "output": "gen", "strict": "yes" }', want: 'openapi-mcp.config.json.strict must be true or false, got "yes"' },
    { name: 'no output', file: 'openapi-mcp.config.json', text: '{ "apis": [{ "input": "api/pets.yaml" }] }', want: 'openapi-mcp.config.json: apis[0].output must be a non-empty string (the output directory), got nothing' },
    { name: 'TypeScript syntax error', file: 'openapi-mcp.config.ts', text: "const out: string = 'gen';\nexport default { input: 'api/pets.yaml', output: out +\n", want: 'config openapi-mcp.config.ts:3:1: ParseError: Unexpected token' },
    { name: 'JavaScript syntax error', file: 'openapi-mcp.config.mjs', text: "export default {\n  input: 'api/pets.yaml',, output: 'gen' };\n", want: "config openapi-mcp.config.mjs:2:26: SyntaxError: Unexpected token ','" },
    { name: 'no default export', file: 'openapi-mcp.config.mjs', text: "export const config = { input: 'api/pets.yaml', output: 'gen' };\n", want: 'config openapi-mcp.config.mjs: needs a default export (export default defineConfig({ ... }))' },
    { name: 'an import that fails', file: 'openapi-mcp.config.mjs', text: "import 'no-such-package-here';\nexport default {};\n", want: `config openapi-mcp.config.mjs: Cannot find package 'no-such-package-here' imported from ${'<dir>'}/openapi-mcp.config.mjs` },
    { name: 'a config that throws', file: 'openapi-mcp.config.js', text: "throw new Error('API_URL is not set');\n", want: 'config openapi-mcp.config.js: API_URL is not set' },
    { name: 'not an object', file: 'openapi-mcp.config.js', text: "export default 'api/pets.yaml';\n", want: 'openapi-mcp.config.js: the config must be an object with "apis" (or "input" and "output" for one API), got "api/pets.yaml"' },
  ];
  for (const { name, file, text, args, want } of broken) {
    it(`a broken config: ${name}`, () => {
      const dir = project();
      writeFileSync(join(dir, file), text);
      const r = runCli(['generate', ...(args ?? [])], { cwd: dir });
      expect(r.stderr).toBe(`openapi-mcp: ${want.replace('<dir>', dir)}\n`);
      expect(r.code).toBe(1);
      expect(existsSync(join(dir, 'gen'))).toBe(false);
    });
  }

  it('without a spec or a config: one line saying what to do', () => {
    const r = runCli(['generate'], { cwd: mkdtempSync(join(tmpdir(), 'openapi-mcp-config-')) });
    expect(r.stderr).toBe(
      'openapi-mcp: no spec given and no config file here (looked for openapi-mcp.config.ts, openapi-mcp.config.mts, openapi-mcp.config.js, openapi-mcp.config.mjs, openapi-mcp.config.json); run openapi-mcp generate <spec> --out <dir>, or pass --config <file>\n',
    );
    expect(r.code).toBe(1);
  });

  it('--watch and --check together are refused', () => {
    const r = runCli(['generate', PETSTORE, '--out', 'x', '--watch', '--check'], { cwd: mkdtempSync(join(tmpdir(), 'openapi-mcp-config-')) });
    expect(r.stderr).toBe('openapi-mcp: --watch and --check do not go together: --check writes nothing, --watch exists to write\n');
    expect(r.code).toBe(1);
  });
});
