import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

const TEMPLATES = new URL('../../templates/', import.meta.url);

/**
 * What produced an output, as the manifest records it: openapi-mcp's version (from its
 * package.json, two levels up from both `src/write/` and `dist/write/`) plus a short hash of its
 * templates (the runtime, client and package files copied into every package). Output written by
 * another version, or with other templates, is never taken as current by the fast no-op — so a
 * change to the runtime templates regenerates even before the version moves. The same templates
 * give the same string, whether openapi-mcp runs from `src/` or `dist/`.
 */
export function generatorVersion(): string {
  const data = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof data.version !== 'string') throw new Error('openapi-mcp package.json has no version');
  return `${data.version}+templates.${templatesHash()}`;
}

/** Short sha256 over every file below `dir` (a directory URL ending in `/`): paths and bytes. */
export function templatesHash(dir: URL = TEMPLATES): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath ?? entry.path}/${entry.name}`.slice(dir.pathname.length))
    .sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(new URL(file, dir)));
  }
  return hash.digest('hex').slice(0, 12);
}
