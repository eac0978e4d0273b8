import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The config file names looked for in the working directory, in this order; the first found wins. */
export const CONFIG_FILE_NAMES = [
  'openapi-mcp.config.ts',
  'openapi-mcp.config.mts',
  'openapi-mcp.config.js',
  'openapi-mcp.config.mjs',
  'openapi-mcp.config.json',
] as const;

/** The absolute path of the config file in `dir` (not its parents), or undefined. */
export function findConfig(dir: string): string | undefined {
  for (const name of CONFIG_FILE_NAMES) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}
