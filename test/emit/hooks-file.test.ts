import { describe, expect, it } from 'vitest';
import { emitMainFile } from '../../src/emit/code-files.js';
import { emitHooksFile, HOOKS_FILE } from '../../src/emit/hooks-file.js';

describe('emitHooksFile', () => {
  it('is src/hooks.ts, owned by the user (created once, never overwritten)', () => {
    const file = emitHooksFile();
    expect([file.path, file.owner, HOOKS_FILE]).toEqual(['src/hooks.ts', 'user', 'src/hooks.ts']);
  });

  it('exports hooks that change nothing: everything inside defineHooks is a comment', () => {
    const lines = emitHooksFile().contents.split('\n');
    const start = lines.indexOf('export const hooks = defineHooks({');
    expect(lines.slice(start + 1)).toContain('});');
    const body = lines.slice(start + 1, lines.lastIndexOf('});'));
    expect(body.length).toBeGreaterThan(10);
    expect(body.filter((line) => line !== '' && !line.startsWith('  //'))).toEqual([]);
    expect(lines.filter((line) => line !== '' && !line.startsWith('//') && !body.includes(line))).toEqual([
      "import { defineHooks } from './runtime/hooks.gen.js';",
      'export const hooks = defineHooks({',
      '});',
    ]);
  });

  it('is imported by src/main.ts and passed to main', () => {
    const main = emitMainFile().contents;
    expect(main).toContain('const [{ config }, { hooks }, { main }, { catalog }] = await Promise.all([import("./config.gen.js"), import("./hooks.js"), import("./runtime/cli.gen.js"), import("./tools/catalog.gen.js")]);\n');
    expect(main).toContain('await main({ config, catalog, tools, hooks, argv: process.argv.slice(2), env: process.env, packageJson: new URL("../package.json", import.meta.url) });\n');
  });
});
