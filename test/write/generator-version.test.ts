import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatorVersion, templatesHash } from '../../src/write/generator-version.js';
import { REPO_ROOT } from '../support/run-cli.js';

describe('generatorVersion', () => {
  it('is the package version plus a hash of the templates, the same from src/ and dist/', () => {
    const fromSrc = generatorVersion();
    expect(fromSrc).toMatch(/^0\.1\.0\+templates\.[0-9a-f]{12}$/);
    const fromDist = execFileSync(process.execPath, ['-e', `import(${JSON.stringify(pathToFileURL(`${REPO_ROOT}/dist/write/generator-version.js`).href)}).then((m) => process.stdout.write(m.generatorVersion()))`], { encoding: 'utf8' });
    expect(fromDist).toBe(fromSrc);
  });

  it('changes when a template file changes, is added or is renamed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'templates-'));
    mkdirSync(join(dir, 'runtime'));
    writeFileSync(join(dir, 'runtime/a.gen.ts'), 'export const a = 1;\n');
    const url = pathToFileURL(`${dir}/`);
    const base = templatesHash(url);
    expect(templatesHash(url)).toBe(base);
    writeFileSync(join(dir, 'runtime/a.gen.ts'), 'export const a = 2;\n');
    const changed = templatesHash(url);
    expect(changed).not.toBe(base);
    writeFileSync(join(dir, 'runtime/b.gen.ts'), '');
    expect(templatesHash(url)).not.toBe(changed);
  });
});
