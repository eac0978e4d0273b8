import type { GeneratedFile } from '../model/emit-plan.js';

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
  return {
    path: 'package.json',
    contents: printPackageJson(generated),
    owner: 'generator',
    merge: (current) => {
      const existing = parseObject(current);
      return existing === undefined ? printPackageJson(generated) : printPackageJson(mergePackageJson(existing, generated, generatedDescriptionPrefix));
    },
  };
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
  for (const key of Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = value[key];
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
