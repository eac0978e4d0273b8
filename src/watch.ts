import { watch as watchFs, type FSWatcher } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiRun } from './config/plan-runs.js';

export interface FileWatcher {
  /** Replaces the watched set (absolute paths). */
  setFiles(files: Iterable<string>): void;
  close(): void;
}

/**
 * Calls `onChange` with the paths that changed, `debounceMs` after the last event of a burst.
 * Watches each file's directory rather than the file: editors often save by writing a new file and
 * renaming it over the old one, which a watch on the old file would not see. A directory that does
 * not exist is skipped (its file counts as changed when it reappears only once the set is renewed).
 */
export function watchFiles(onChange: (changed: ReadonlySet<string>) => void, debounceMs: number): FileWatcher {
  let files = new Set<string>();
  const dirs = new Map<string, FSWatcher>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const fire = (): void => {
    timer = undefined;
    const changed = pending;
    pending = new Set();
    if (changed.size > 0) onChange(changed);
  };
  const note = (dir: string, name: string | null): void => {
    if (name === null) {
      // Some platforms do not say which file changed: count every watched file of the directory.
      for (const f of files) if (dirname(f) === dir) pending.add(f);
    } else {
      const path = join(dir, name);
      if (files.has(path)) pending.add(path);
    }
    if (pending.size === 0) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
  };
  return {
    setFiles(next) {
      files = new Set(next);
      const wanted = new Set([...files].map((f) => dirname(f)));
      for (const [dir, watcher] of dirs) {
        if (!wanted.has(dir)) {
          watcher.close();
          dirs.delete(dir);
        }
      }
      for (const dir of wanted) {
        if (dirs.has(dir)) continue;
        try {
          const watcher = watchFs(dir, { persistent: true }, (_event, name) => note(dir, name === null ? null : basename(name.toString())));
          watcher.on('error', () => undefined);
          dirs.set(dir, watcher);
        } catch {
          // The directory is gone; nothing to watch there until the set is renewed.
        }
      }
    },
    close() {
      if (timer !== undefined) clearTimeout(timer);
      for (const watcher of dirs.values()) watcher.close();
      dirs.clear();
    },
  };
}

export interface WatchRunsOptions {
  /** The config file in effect: its change re-plans (and reruns) every API. */
  configFile?: string;
  /** The APIs to generate; `fresh` re-reads a changed config. Throws on a bad config. */
  plan(fresh: boolean): Promise<readonly ApiRun[]>;
  /** Generates one API and returns the files its spec reached (`LoadedSpec.files`, as URLs or paths); throws on failure. */
  generate(run: ApiRun): Promise<Iterable<string>>;
  /** A failed plan or run (the CLI prints it; the output stays as the last good run left it). */
  onError(error: unknown): void;
  /** Called once, after the first runs, with the number of files watched. */
  onWatching?(fileCount: number): void;
  /** Stops watching (the CLI aborts on SIGINT). */
  signal: AbortSignal;
  /** Quiet time after the last change before a run (default 100 ms). */
  debounceMs?: number;
}

/**
 * Watch mode: runs every API, then reruns an API whenever a file its spec reached changes (every
 * API when the config file changes), until `signal` aborts. Runs never overlap; changes that arrive
 * during a run are collected for the next one. After a failed run the files of the last good run
 * (or at least the spec itself) stay watched, so fixing the spec triggers the next run.
 */
export async function watchRuns(options: WatchRunsOptions): Promise<void> {
  if (options.signal.aborted) return;
  let runs: readonly ApiRun[] = [];
  let filesOf = new Map<string, ReadonlySet<string>>();
  let pending = new Set<string>();
  let busy: Promise<void> = Promise.resolve();
  const watcher = watchFiles((changed) => {
    for (const path of changed) pending.add(path);
    busy = busy.then(drain);
  }, options.debounceMs ?? 100);
  const refresh = (): number => {
    const all = new Set<string>(options.configFile !== undefined ? [options.configFile] : []);
    for (const run of runs) for (const f of filesOf.get(run.output) ?? []) all.add(f);
    watcher.setFiles(all);
    return all.size;
  };
  const runOne = async (run: ApiRun): Promise<void> => {
    try {
      const files = new Set(localPaths([run.input, ...(await options.generate(run))]));
      filesOf.set(run.output, files);
    } catch (error) {
      options.onError(error);
      if (!filesOf.has(run.output)) filesOf.set(run.output, new Set(localPaths([run.input])));
    }
  };
  const replan = async (fresh: boolean): Promise<boolean> => {
    try {
      runs = await options.plan(fresh);
      return true;
    } catch (error) {
      options.onError(error);
      return false;
    }
  };
  const drain = async (): Promise<void> => {
    if (options.signal.aborted || pending.size === 0) return;
    const changed = pending;
    pending = new Set();
    if (options.configFile !== undefined && changed.has(options.configFile)) {
      if (await replan(true)) {
        const kept = new Map<string, ReadonlySet<string>>();
        for (const run of runs) {
          const files = filesOf.get(run.output);
          if (files) kept.set(run.output, files);
        }
        filesOf = kept;
        for (const run of runs) await runOne(run);
      }
    } else {
      for (const run of runs) {
        const files = filesOf.get(run.output);
        if (files && [...changed].some((f) => files.has(f))) await runOne(run);
      }
    }
    refresh();
  };
  busy = (async () => {
    if (await replan(false)) for (const run of runs) await runOne(run);
    const count = refresh();
    options.onWatching?.(count);
  })();
  await new Promise<void>((resolve) => options.signal.addEventListener('abort', () => resolve(), { once: true }));
  watcher.close();
}

/** Local files among spec inputs and reached files (URLs of other schemes are not watched). */
function localPaths(items: Iterable<string>): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.startsWith('file:')) out.push(fileURLToPath(item));
    else if (isAbsolute(item)) out.push(item);
  }
  return out;
}
