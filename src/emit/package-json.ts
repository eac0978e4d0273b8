import { byCodeUnit } from '../by-code-unit.js';
import type { GeneratedFile } from '../model/emit-plan.js';
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from './versions.js';

/**
 * A generated package.json, printed as npm prints it (2-space JSON, a final newline), whose
 * generator-owned part is merged into the file a user may have edited (`npm pkg set …`).
 *
 * The generator owns `name`, `type`, `main`, `types`, `bin`, `exports`, `files`, `engines`, its own
 * `scripts` (`build`, `start`) and its own `dependencies`/`devDependencies` entries (at the versions
 * it pins), and `description` while it is still the one the generator writes (it starts with
 * `generatedDescriptionPrefix`). Everything else is the user's once the file exists: `version`,
 * `private`, `license`, `author`, `repository`, `keywords`, an edited `description`, any other key,
 * other scripts and dependencies; a key of the user's that the user removed stays removed. Key order: the generator's keys in its order, then the user's
 * other keys in their order; dependencies sorted by name, as npm writes them.
 */
export type PackageJson = Record<string, unknown>;

/** Keys whose value the generator sets on every run (`description` only while it is the generated one). */
const OWNED = new Set(['name', 'type', 'main', 'types', 'bin', 'exports', 'files', 'engines']);
/** Objects whose named entries the generator owns; the user's other entries stay. */
const MERGED = new Set(['scripts', 'dependencies', 'devDependencies']);
const SORTED = new Set(['dependencies', 'devDependencies']);

export function packageJsonFile(generated: PackageJson, generatedDescriptionPrefix: string): GeneratedFile {
  const layout = layoutOf(generated);
  return {
    path: 'package.json',
    contents: printPackageJson(generated),
    owner: 'generator',
    merge: (current) => {
      const existing = parseObject(current);
      return existing === undefined ? printPackageJson(generated) : printPackageJson(mergePackageJson(existing, generated, generatedDescriptionPrefix));
    },
    generatorPart: (text) => packageJsonGeneratorPart(text, layout),
  };
}

/** The keys a generated package.json has, in order, and the entries it owns in `scripts` and the dependencies. */
export interface PackageJsonLayout {
  keys: readonly string[];
  entries: Readonly<Record<string, readonly string[]>>;
}

function layoutOf(generated: PackageJson): PackageJsonLayout {
  const entries: Record<string, string[]> = {};
  for (const key of MERGED) if (isObject(generated[key])) entries[key] = Object.keys(generated[key]);
  return { keys: Object.keys(generated), entries };
}

/**
 * Every key and entry any generated package.json has (server and client-only), in their order:
 * what the fast no-op (write/up-to-date.ts) assumes without emitting. A superset of one package's
 * layout only ever makes it see a change where there is none (then the whole pipeline runs).
 */
export const ANY_PACKAGE_JSON_LAYOUT: PackageJsonLayout = {
  keys: ['name', 'version', 'description', 'type', 'license', 'private', 'bin', 'main', 'types', 'exports', 'files', 'engines', 'scripts', 'dependencies', 'devDependencies'],
  entries: { scripts: ['build', 'start'], dependencies: Object.keys(GENERATED_DEPENDENCIES), devDependencies: Object.keys(GENERATED_DEV_DEPENDENCIES) },
};

/**
 * The generator's part of a package.json text, which the manifest hashes instead of the whole
 * file: a release bump (`npm version`), the user's own scripts, dependencies, keys or description
 * change neither the manifest nor `--check`. Equal parts mean a merge would leave the file as it
 * is: the values the generator owns (the keys and entries of `layout` that the file has), provided
 * the file is laid out as a merge prints it (npm's format, the layout's keys in its order before
 * any other key, its scripts first); a file laid out otherwise is its own part, so that the next
 * run rewrites it. The description is left out: whose it is depends on its text, and a user's
 * description that starts as the generator's does (`MCP server for `) is not told apart.
 */
export function packageJsonGeneratorPart(text: string, layout: PackageJsonLayout): string {
  const data = parseObject(text);
  if (data === undefined || printPackageJson(data) !== text || !inLayoutOrder(Object.keys(data), layout.keys)) return text;
  const part: [string, unknown][] = [];
  for (const key of layout.keys) {
    if (!Object.hasOwn(data, key) || !(OWNED.has(key) || MERGED.has(key))) continue;
    const value = data[key];
    if (!MERGED.has(key) || !isObject(value)) {
      part.push([key, value]);
      continue;
    }
    const names = layout.entries[key] ?? [];
    // Dependencies are sorted (printPackageJson above); the generator's scripts come first.
    if (!SORTED.has(key) && !inLayoutOrder(Object.keys(value), names)) return text;
    part.push([key, names.filter((name) => Object.hasOwn(value, name)).map((name) => [name, value[name]])]);
  }
  return JSON.stringify(part);
}

/** Whether the names of `order` among `names` come in its order and before every other name. */
function inLayoutOrder(names: readonly string[], order: readonly string[]): boolean {
  let at = -1;
  let other = false;
  for (const name of names) {
    const index = order.indexOf(name);
    if (index === -1) other = true;
    else if (index < at || other) return false;
    else at = index;
  }
  return true;
}

export function mergePackageJson(existing: PackageJson, generated: PackageJson, descriptionPrefix: string): PackageJson {
  const out: PackageJson = {};
  for (const [key, value] of Object.entries(generated)) {
    if (OWNED.has(key)) out[key] = value;
    else if (MERGED.has(key)) out[key] = mergeEntries(existing[key], value);
    else if (!Object.hasOwn(existing, key)) continue; // the user's key, removed by the user (e.g. `private`)
    else if (key === 'description') out[key] = typeof existing[key] === 'string' && !existing[key].startsWith(descriptionPrefix) ? existing[key] : value;
    else out[key] = existing[key];
  }
  for (const [key, value] of Object.entries(existing)) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

function mergeEntries(existing: unknown, generated: unknown): unknown {
  if (!isObject(existing) || !isObject(generated)) return generated;
  const out: PackageJson = { ...generated };
  for (const [name, value] of Object.entries(existing)) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}

export function printPackageJson(data: PackageJson): string {
  const out: PackageJson = {};
  for (const [key, value] of Object.entries(data)) out[key] = SORTED.has(key) && isObject(value) ? sortKeys(value) : value;
  return `${JSON.stringify(out, null, 2)}\n`;
}

function sortKeys(value: PackageJson): PackageJson {
  const out: PackageJson = {};
  for (const key of Object.keys(value).sort(byCodeUnit)) out[key] = value[key];
  return out;
}

function parseObject(text: string): PackageJson | undefined {
  try {
    const data: unknown = JSON.parse(text);
    return isObject(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is PackageJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
