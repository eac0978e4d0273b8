import { describe, expect, it } from 'vitest';
import { ANY_PACKAGE_JSON_LAYOUT, packageJsonFile, packageJsonGeneratorPart, printPackageJson, type PackageJson } from '../../src/emit/package-json.js';

const SERVER: PackageJson = {
  name: 'pets-mcp',
  version: '1.0.0',
  description: 'MCP server for Pets',
  type: 'module',
  license: 'UNLICENSED',
  private: true,
  bin: { 'pets-mcp': 'dist/main.js' },
  main: 'dist/index.js',
  engines: { node: '>=20' },
  scripts: { build: 'tsc -p tsconfig.json', start: 'node dist/main.js' },
  dependencies: { '@modelcontextprotocol/server': '2.4.0', jose: '6.2.18' },
};
const CLIENT: PackageJson = { name: 'pets-client', version: '1.0.0', description: 'Typed MCP client for Pets', type: 'module', scripts: { build: 'tsc' }, dependencies: { '@modelcontextprotocol/client': '2.4.0' } };

/** The part the writer records for `generated` merged into `edited`, and the one the fast no-op computes from the file. */
function parts(generated: PackageJson, edited: (pkg: PackageJson) => PackageJson): { recorded: string; written: string; seen: string } {
  const file = packageJsonFile(generated, 'MCP server for ');
  const created = file.contents;
  const written = file.merge!(printPackageJson(edited(JSON.parse(created) as PackageJson)));
  return { recorded: file.generatorPart!(created), written: file.generatorPart!(written), seen: packageJsonGeneratorPart(written, ANY_PACKAGE_JSON_LAYOUT) };
}

describe('packageJsonGeneratorPart', () => {
  const same: { name: string; generated: PackageJson; edit: (pkg: PackageJson) => PackageJson }[] = [
    { name: 'a version bump', generated: SERVER, edit: (p) => ({ ...p, version: '2.0.0' }) },
    { name: 'license, author, private removed', generated: SERVER, edit: ({ private: _, ...p }) => ({ ...p, license: 'MIT', author: 'Ada' }) },
    { name: 'a script and a dependency of the user', generated: SERVER, edit: (p) => ({ ...p, scripts: { ...(p.scripts as object), test: 'vitest' }, dependencies: { ...(p.dependencies as object), 'left-pad': '1' } }) },
    { name: 'an edited description', generated: SERVER, edit: (p) => ({ ...p, description: 'Ours' }) },
    { name: 'client-only: a version bump', generated: CLIENT, edit: (p) => ({ ...p, version: '3.0.0' }) },
  ];
  for (const { name, generated, edit } of same) {
    it(`unchanged by ${name}, for the writer and the fast no-op alike`, () => {
      const { recorded, written, seen } = parts(generated, edit);
      expect(written).toBe(recorded);
      expect(seen).toBe(recorded);
    });
  }

  it("client-only with the user's own start script: the writer's part is unchanged; the fast no-op sees a change (a full run, never a wrong skip)", () => {
    const { recorded, written, seen } = parts(CLIENT, (p) => ({ ...p, scripts: { ...(p.scripts as object), test: 'x', start: 'node app.js' } }));
    expect(written).toBe(recorded);
    expect(seen).not.toBe(recorded);
  });

  const changed: { name: string; text: (created: string) => string }[] = [
    { name: "a generator key's value", text: (t) => t.replace('"node": ">=20"', '"node": ">=18"') },
    { name: 'a generator key removed', text: (t) => printPackageJson(Object.fromEntries(Object.entries(JSON.parse(t) as PackageJson).filter(([k]) => k !== 'bin'))) },
    { name: "a generator's script changed", text: (t) => t.replace('"build": "tsc -p tsconfig.json"', '"build": "tsc"') },
    { name: 'a user key before a generator key', text: (t) => printPackageJson({ author: 'Ada', ...(JSON.parse(t) as PackageJson) }) },
    { name: 'generator keys reordered', text: (t) => printPackageJson(Object.fromEntries(Object.entries(JSON.parse(t) as PackageJson).reverse())) },
    { name: "the user's script before the generator's", text: (t) => t.replace('"scripts": {', '"scripts": {\n    "test": "x",') },
    { name: 'another indentation', text: (t) => JSON.stringify(JSON.parse(t), null, 4) + '\n' },
    { name: 'not JSON', text: () => '{' },
  ];
  for (const { name, text } of changed) {
    it(`changed by ${name}`, () => {
      const file = packageJsonFile(SERVER, 'MCP server for ');
      const recorded = file.generatorPart!(file.contents);
      const edited = text(file.contents);
      expect(edited).not.toBe(file.contents);
      expect(file.generatorPart!(edited)).not.toBe(recorded);
      expect(packageJsonGeneratorPart(edited, ANY_PACKAGE_JSON_LAYOUT)).not.toBe(recorded);
    });
  }
});
