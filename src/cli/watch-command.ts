import { planRuns } from '../config/plan-runs.js';
import { UserError } from '../diagnostics.js';
import { watchRuns } from '../watch.js';
import { generateRun, type GenerateFlags } from './generate-command.js';
import { printDiagnostics } from './print-diagnostics.js';
import { printable } from './printable.js';

/**
 * `generate --watch`: generates, then regenerates on every change of a file the spec reaches (or of
 * the config file) until SIGINT/SIGTERM. A failed run prints its error and leaves the output as the
 * last good run wrote it (the pipeline writes nothing when it fails).
 */
export async function watchCommand(spec: string | undefined, flags: GenerateFlags, cwd: string): Promise<void> {
  // The first plan decides which config file is watched; a broken config at this point is fatal.
  const first = await planRuns(spec, { ...flags }, { cwd });
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let initial: typeof first.runs | undefined = first.runs;
  try {
    await watchRuns({
      ...(first.configFile !== undefined ? { configFile: first.configFile } : {}),
      plan: async (fresh) => {
        if (initial !== undefined && !fresh) {
          const runs = initial;
          initial = undefined;
          return runs;
        }
        return (await planRuns(spec, { ...flags }, { cwd, fresh })).runs;
      },
      generate: async (run) => (await generateRun(run, flags)).inputs,
      onError: (error) => {
        if (!(error instanceof UserError)) throw error;
        printDiagnostics(error.diagnostics, undefined);
        process.stderr.write(`openapi-mcp: ${printable(error.message)}\n`);
      },
      onWatching: (count) => process.stderr.write(`watching ${count} file${count === 1 ? '' : 's'} for changes (Ctrl-C stops)\n`),
      signal: controller.signal,
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
