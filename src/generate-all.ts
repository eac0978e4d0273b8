import { resolve } from 'node:path';
import { checkConfig } from './config/check-config.js';
import type { Config } from './config/define-config.js';
import { loadConfig } from './config/load-config.js';
import { toGenerateOptions } from './config/resolve-options.js';
import { generate, type GenerateOptions, type GenerateResult } from './generate.js';

/** How `generateAll` runs (not options of an API). */
export interface GenerateAllOptions extends Pick<GenerateOptions, 'mode' | 'onStage'> {
  /** Base of the relative paths of a config object, and of a config file's path (default `process.cwd()`). */
  cwd?: string;
}

/**
 * What `openapi-mcp generate` does with a config, from code: every API of `config` (a config
 * object as `defineConfig` types it, or the path of a config file), one after the other; stops at
 * the first failure (that API writes nothing). Results in the config's order.
 */
export async function generateAll(config: Config | string, options: GenerateAllOptions = {}): Promise<GenerateResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const resolved = typeof config === 'string' ? await loadConfig(resolve(cwd, config), { cwd }) : checkConfig(config, 'config', cwd);
  const results: GenerateResult[] = [];
  for (const api of resolved.apis) {
    results.push(
      await generate({
        ...toGenerateOptions(api.options),
        input: api.input,
        output: api.output,
        cwd,
        ...(options.mode !== undefined ? { mode: options.mode } : {}),
        ...(options.onStage !== undefined ? { onStage: options.onStage } : {}),
      }),
    );
  }
  return results;
}
