import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineConfig, generateAll, UserError } from '../src/index.js';
import { REPO_ROOT } from './support/run-cli.js';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-all-'));
  mkdirSync(join(dir, 'api'));
  cpSync(`${REPO_ROOT}/test/fixtures/specs/petstore.2.0.yaml`, join(dir, 'api/pets.yaml'));
  cpSync(`${REPO_ROOT}/test/fixtures/specs/names.3.0.yaml`, join(dir, 'api/names.yaml'));
  return dir;
}

const nameOf = (dir: string): string => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name;

describe('generateAll (the programmatic API)', () => {
  it('generates every API of a config object, paths relative to cwd', async () => {
    const dir = project();
    const config = defineConfig({ apis: [{ input: 'api/pets.yaml', output: 'gen/pets', name: 'pets-mcp' }, { input: 'api/names.yaml', output: 'gen/names', nameStyle: 'spec' }] });
    const results = await generateAll(config, { cwd: dir });
    expect(results.map((r) => [r.toolCount, r.report.updated.length, r.report.removed.length])).toEqual([
      [4, 0, 0],
      [9, 0, 0],
    ]);
    expect(nameOf(join(dir, 'gen/pets'))).toBe('pets-mcp');
    expect(existsSync(join(dir, 'gen/names/package.json'))).toBe(true);
    const check = await generateAll(config, { cwd: dir, mode: 'check' });
    expect(check.map((r) => r.report.upToDate)).toEqual([true, true]);
  });

  it('reads a config file given by path, relative to its own directory', async () => {
    const dir = project();
    writeFileSync(join(dir, 'api/openapi-mcp.config.json'), JSON.stringify({ input: 'pets.yaml', output: '../out' }));
    const [result, ...rest] = await generateAll('api/openapi-mcp.config.json', { cwd: dir });
    expect(rest).toEqual([]);
    expect(result!.toolCount).toBe(4);
    expect(nameOf(join(dir, 'out'))).toBe('pets-v2-mcp');
  });

  it('checks a config object as it checks a file', async () => {
    await expect(generateAll({ apis: [{ input: 'a.yaml', output: 'o', nameStyle: 'long' as 'spec' }] }, { cwd: '/nowhere' })).rejects.toThrow(
      new UserError('config: apis[0].nameStyle must be "portable" or "spec", got "long"'),
    );
  });
});
