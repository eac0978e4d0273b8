import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_SETS, fixtureTools } from '../../bench/lib/search-quality.mjs';
import { loadSpec } from '../../src/load/load-spec.js';
import { mapToTools } from '../../src/map/map-tools.js';
import type { Tool } from '../../src/model/tool-model.js';
import { normalizeSpec } from '../../src/normalize/normalize-spec.js';
import { buildCatalog, searchDocuments } from '../../templates/runtime/search-core.gen.js';
import * as inSources from '../../src/parallel/side-work.js';

/** The built module (the global setup builds): next to it is the compiled worker, so it starts one. */
const built = (await import(pathToFileURL(fileURLToPath(new URL('../../dist/parallel/side-work.js', import.meta.url))).href)) as typeof inSources;

const root = fileURLToPath(new URL('../..', import.meta.url));
const github = SEARCH_SETS.find((set) => set.name === 'GitHub REST')!;
const tools = await fixtureTools<Tool>(root, github, { loadSpec, normalizeSpec, mapToTools });
const catalog = buildCatalog(tools, (i) => tools[i]!.toolset ?? 'default');
const input = {
  definitions: tools.map((t) => t.definition),
  toolsets: tools.map((t) => t.toolset ?? 'default'),
  documents: searchDocuments(tools, catalog),
};

describe('side work (token counts and the search index on a worker thread)', () => {
  const alone = inSources.runSideWork(input);

  it('a few tools stay in this thread: a worker would cost more than it saves', () => {
    expect(built.startSideWork(inSources.SIDE_WORK_MIN_TOOLS - 1).kind).toBe('thread');
  });

  it('the built module starts a worker; the sources, which have no compiled worker, run in this thread', () => {
    const worker = built.startSideWork(tools.length);
    const thread = inSources.startSideWork(tools.length);
    try {
      expect(worker.kind).toBe('worker');
      expect(thread.kind).toBe('thread');
    } finally {
      worker.close();
      thread.close();
    }
  });

  it('gives exactly what this thread alone gives, however the two threads shared the counting', async () => {
    const expected = await alone;
    expect(expected.cost.tools).toBe(tools.length);
    for (let i = 0; i < 3; i++) {
      const side = built.startSideWork(tools.length);
      try {
        expect(await side.run(input).finish()).toEqual(expected);
      } finally {
        side.close();
      }
    }
  }, 60_000);

  it('a worker that ends before it answers: the run gets the same answer from this thread', async () => {
    const side = built.startSideWork(tools.length);
    const run = side.run(input);
    side.close();
    expect(await run.finish()).toEqual(await alone);
    // and a run started after the worker ended
    expect(await side.run(input).finish()).toEqual(await alone);
  }, 60_000);
});
