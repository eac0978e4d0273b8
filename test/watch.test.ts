import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApiRun } from '../src/config/plan-runs.js';
import { watchRuns } from '../src/watch.js';

async function waitFor(check: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const run = (dir: string, name: string): ApiRun => ({ input: join(dir, `${name}.yaml`), output: join(dir, `out-${name}`), outputDisplay: `out-${name}`, options: {} });

describe('watchRuns', () => {
  it('reruns only the APIs whose files changed, every API on a config change, and keeps watching after a failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-watchruns-'));
    for (const f of ['a.yaml', 'b.yaml', 'shared.yaml', 'a-only.yaml', 'config.json', 'unrelated.yaml']) writeFileSync(join(dir, f), '1');
    const a = run(dir, 'a');
    const b = run(dir, 'b');
    const events: string[] = [];
    const plans: boolean[] = [];
    let failA = false;
    const controller = new AbortController();
    const done = watchRuns({
      configFile: join(dir, 'config.json'),
      plan: async (fresh) => {
        plans.push(fresh);
        return [a, b];
      },
      generate: async (r) => {
        const name = r === a ? 'a' : 'b';
        if (name === 'a' && failA) throw new Error('a is broken');
        events.push(name);
        // Reached files come as URLs (LoadedSpec.files keys) or paths; http(s) ones are not watched.
        return name === 'a' ? [pathToFileURL(join(dir, 'shared.yaml')).href, join(dir, 'a-only.yaml'), 'https://example.com/x.yaml'] : [pathToFileURL(join(dir, 'shared.yaml')).href];
      },
      onError: (error) => events.push(`error: ${(error as Error).message}`),
      onWatching: (count) => events.push(`watching ${count}`),
      signal: controller.signal,
      debounceMs: 30,
    });
    const log = (): string => JSON.stringify(events);
    await waitFor(() => events.length === 3, log);
    // config + a.yaml, shared.yaml, a-only.yaml + b.yaml
    expect(events).toEqual(['a', 'b', 'watching 5']);

    writeFileSync(join(dir, 'a-only.yaml'), '2');
    await waitFor(() => events.length === 4, log);
    expect(events.slice(3)).toEqual(['a']);

    writeFileSync(join(dir, 'shared.yaml'), '2');
    await waitFor(() => events.length === 6, log);
    expect(events.slice(4)).toEqual(['a', 'b']);

    writeFileSync(join(dir, 'unrelated.yaml'), '2');
    failA = true;
    writeFileSync(join(dir, 'a.yaml'), '2');
    await waitFor(() => events.length === 7, log);
    expect(events.slice(6)).toEqual(['error: a is broken']);

    // a's files from its last good run are still watched: fixing a-only.yaml brings it back.
    failA = false;
    writeFileSync(join(dir, 'a-only.yaml'), '3');
    await waitFor(() => events.length === 8, log);
    expect(events.slice(7)).toEqual(['a']);

    writeFileSync(join(dir, 'config.json'), '2');
    await waitFor(() => events.length === 10, log);
    expect(events.slice(8)).toEqual(['a', 'b']);
    expect(plans).toEqual([false, true]);

    controller.abort();
    await done;
    writeFileSync(join(dir, 'b.yaml'), '2');
    await new Promise((r) => setTimeout(r, 150));
    expect(events).toHaveLength(10);
  });

  it('a change during a run waits for it, and a burst of changes makes one run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-watchruns-'));
    writeFileSync(join(dir, 'a.yaml'), '0');
    const a = run(dir, 'a');
    const events: string[] = [];
    let slow = false;
    const controller = new AbortController();
    const done = watchRuns({
      plan: async () => [a],
      generate: async () => {
        events.push('start');
        if (slow) await new Promise((r) => setTimeout(r, 300));
        events.push('end');
        return [];
      },
      onError: (error) => events.push(`error: ${String(error)}`),
      signal: controller.signal,
      debounceMs: 50,
    });
    const log = (): string => JSON.stringify(events);
    await waitFor(() => events.length === 2, log);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 1; i <= 5; i++) writeFileSync(join(dir, 'a.yaml'), String(i));
    await waitFor(() => events.length === 4, log);
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual(['start', 'end', 'start', 'end']);

    slow = true;
    writeFileSync(join(dir, 'a.yaml'), 'x');
    await waitFor(() => events.length === 5, log);
    writeFileSync(join(dir, 'a.yaml'), 'y');
    await waitFor(() => events.length === 8, log);
    expect(events.slice(4)).toEqual(['start', 'end', 'start', 'end']);
    controller.abort();
    await done;
  });
});
