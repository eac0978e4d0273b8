import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from './support/run-cli.js';

/**
 * Keeps the README true: every shell command it shows is run here (the `openapi-mcp` ones) or by
 * CI itself (.ci/run provisions Node 22, runs npm ci and npm test). A new command in the README
 * fails this test until it is covered.
 */
const readme = readFileSync(`${REPO_ROOT}/README.md`, 'utf8');
const ciScript = readFileSync(`${REPO_ROOT}/.ci/run`, 'utf8');
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
  m[1]!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line !== ''),
);

describe('README commands', () => {
  it('shows the setup, example and test commands', () => {
    expect(commands).toContain('npm test');
    expect(commands.some((c) => c.startsWith('npm ci && npx openapi-mcp '))).toBe(true);
  });

  for (const command of commands) {
    it(command, () => {
      for (const part of command.split(' && ')) {
        if (part.startsWith('npx openapi-mcp ')) {
          const args = part.slice('npx openapi-mcp '.length).split(/\s+/);
          const r = runCli(args);
          expect(r.stderr).not.toMatch(/^openapi-mcp: /m);
          expect(r.code).toBe(0);
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
});
