import { readFileSync } from 'node:fs';

/**
 * openapi-mcp's own version (from its package.json, two levels up from both `src/write/` and
 * `dist/write/`). The manifest records it: output written by another version is never taken as current.
 */
export function generatorVersion(): string {
  const data = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof data.version !== 'string') throw new Error('openapi-mcp package.json has no version');
  return data.version;
}
