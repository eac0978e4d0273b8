import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONOREPO_DIR, MONOREPO_STEPS } from './support/monorepo-example.js';
import { PACK_STEPS } from './support/pack-steps.js';
import { PETSTORE_SERVER_DIR, PETSTORE_SERVER_STEPS, readmeFirstCall } from './support/petstore-example.js';
import { REPO_ROOT, runCli } from './support/run-cli.js';

/**
 * Keeps the README and docs/*.md true: every shell command they show (```sh blocks) is run here (the
 * `openapi-mcp` ones, in the directory a leading `cd dir &&` names; a line in `( … )` is a subshell),
 * by examples-monorepo.test.ts (npm commands in examples/monorepo), by e2e/pack.e2e.test.ts (the
 * tarball installed in a fresh project: PACK_STEPS), by examples.test.ts (npm
 * commands in examples/petstore/server, and the README's first tool call: `npx prism mock …` and
 * `npx mcp-inspector …`), or by CI itself (.ci/run provisions Node 22, runs npm ci and npm test). A
 * new command fails this test until it is covered. Commands that cannot run as shown (`--watch` runs
 * until Ctrl-C) go in ```text blocks; watch-cli.test.ts runs watch mode.
 */
const readme = readFileSync(`${REPO_ROOT}/README.md`, 'utf8');
const docs = readdirSync(`${REPO_ROOT}/docs`).filter((f) => f.endsWith('.md')).map((f) => readFileSync(`${REPO_ROOT}/docs/${f}`, 'utf8'));
const ciScript = readFileSync(`${REPO_ROOT}/.ci/run`, 'utf8');
const shCommands = (text: string): string[] =>
  [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line !== ''),
  );
const commands = [...new Set([readme, ...docs].flatMap(shCommands))];

describe('README commands', () => {
  it('shows the setup, example and test commands', () => {
    const own = shCommands(readme);
    expect(own).toContain('npm test');
    expect(own.some((c) => c.startsWith('npm ci && npx openapi-mcp '))).toBe(true);
    expect(own.some((c) => c.startsWith('npx mcp-inspector --cli ') && c.includes(' --base-url ') && c.includes(' --method tools/call '))).toBe(true);
  });

  for (const command of commands) {
    it(command, () => {
      let cwd = REPO_ROOT;
      const first = readmeFirstCall();
      if (command === first.mock || command === first.call) return; // run by examples.test.ts
      if (PACK_STEPS.some((s) => s.command === command)) return; // run by e2e/pack.e2e.test.ts
      const line = /^\((.*)\)$/.exec(command)?.[1] ?? command;
      for (const part of line.split(' && ')) {
        if (part.startsWith('cd ')) {
          cwd = resolve(cwd, part.slice('cd '.length));
          expect(existsSync(cwd)).toBe(true);
        } else if (part.startsWith('npx openapi-mcp ')) {
          const args = part.slice('npx openapi-mcp '.length).split(/\s+/);
          const r = runCli(args, { cwd });
          expect(r.stderr).not.toMatch(/^openapi-mcp: /m);
          expect(r.code).toBe(0);
        } else if (cwd === PETSTORE_SERVER_DIR) {
          // Run there by examples.test.ts (npm install, npm run build).
          expect(PETSTORE_SERVER_STEPS.map((s) => s.command)).toContain(part);
        } else if (cwd === MONOREPO_DIR) {
          // Run there by examples-monorepo.test.ts (npm install, npm test, npm run build).
          expect(MONOREPO_STEPS.map((s) => s.command)).toContain(part);
        } else if (part.startsWith('export PATH=')) {
          expect(ciScript).toContain('export PATH="$PWD/.tools/node/node_modules/.bin:$PATH"');
        } else {
          // npm ci, npm test, the Node 22 install: what .ci/run itself runs on every CI build.
          const core = part.replace(/\s+--no-audit --no-fund/, '');
          expect(ciScript.replace(/\s+--no-audit --no-fund/g, '')).toContain(core);
        }
      }
    });
  }

  it('the config file shown in docs/configuration.md loads (only its spec is missing)', () => {
    const configuration = readFileSync(`${REPO_ROOT}/docs/configuration.md`, 'utf8');
    const block = /```ts\n(\/\/ openapi-mcp\.config\.ts\n[\s\S]*?)```/.exec(configuration)?.[1];
    expect(block).toContain('export default defineConfig(');
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-readme-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(REPO_ROOT, join(dir, 'node_modules/openapi-mcp'), 'dir');
    writeFileSync(join(dir, 'openapi-mcp.config.ts'), block!);
    const r = runCli(['generate', '--check'], { cwd: dir });
    expect(r.stderr).toBe('openapi-mcp: cannot read specs/petstore.yaml: no such file\n');
  });
});
