/**
 * The work of a generation that needs only the mapped tools' definitions and strings, done on a
 * second thread while the main one emits the package: building the dynamic-mode search index
 * (search-core.gen.ts) and counting the tools/list's tokens (report/token-cost.ts). On GitHub's
 * 1,223 tools that is ~0.5 s of a ~1.7 s run, and the machines people generate on have more than
 * one core.
 *
 * `startSideWork` is called before map, so the worker's own start (a V8 isolate, the tokenizer
 * table, MiniSearch) overlaps mapping. `run` posts the input once the tools are
 * mapped: the worker builds the index, then counts tools. The tools to count are shared
 * (shared-count.ts): `finish`, called when the main thread has emitted the rest, counts in this
 * thread too until none is left, then waits for the worker's answer. The result is the same as
 * {@link runSideWork}'s in this thread alone, which is what runs when the worker cannot (sources
 * run before a build have no compiled worker file; a worker that fails to start or dies):
 * test/parallel/side-work.test.ts checks both give the same result.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { indexDocuments, type SearchDocument } from '../emit/search-core.gen.js';
import { searchIndexJson } from '../emit/search-index-json.js';
import type { ToolDefinition } from '../model/tool-model.js';
import { loadTokenCounter, type ToolListCost } from '../report/token-cost.js';
import { claimAndCount, costOf, newClaims, type CountedTools } from './shared-count.js';

export interface SideWorkInput {
  /** The tools as tools/list lists them. */
  definitions: readonly ToolDefinition[];
  /** Each tool's toolset, by position. */
  toolsets: readonly string[];
  /** The search index's documents (search-core.gen.ts `searchDocuments`). */
  documents: readonly SearchDocument[];
}

export interface SideWorkResult {
  cost: ToolListCost;
  /** data/tools/search-index.json's text, without its final newline. */
  searchIndex: string;
}

/** What the main thread posts, and what the worker answers. */
export interface WorkerRequest {
  input: SideWorkInput;
  /** The next tool to count, shared by both threads. */
  claims: Int32Array;
}
export type WorkerAnswer = { searchIndex: string; counted: CountedTools } | { error: string };

export interface SideWork {
  /** Where the work runs: `thread` when no worker could be started. */
  readonly kind: 'worker' | 'thread';
  /** Starts the work on `input`; `finish` (after this thread's own work) helps count and gives the result. */
  run(input: SideWorkInput): { finish(): Promise<SideWorkResult> };
  /** Ends the worker. */
  close(): void;
}

/** The whole work in this thread. */
export async function runSideWork(input: SideWorkInput): Promise<SideWorkResult> {
  const count = await loadTokenCounter();
  const counted = claimAndCount(input, newClaims(), count);
  return { cost: costOf(input, counted, count), searchIndex: searchIndexJson(indexDocuments(input.documents)) };
}

/** The worker's entry, next to this module once built (dist/parallel, or dist/cli in the CLI's bundle). */
const WORKER_URL = new URL('./side-work-worker.js', import.meta.url);

/**
 * Below this many tools the side work takes less than a worker's start (~40-60 ms of CPU: an
 * isolate, the modules, a cold JIT; GitHub's 1,223 tools take ~0.45 s), so it runs in this thread.
 */
export const SIDE_WORK_MIN_TOOLS = 200;

/**
 * A worker for `tools` tools (about: operations before selection will do) when there are at
 * least {@link SIDE_WORK_MIN_TOOLS}, the compiled entry is there and the machine has a second
 * processor; else the same work in this thread.
 */
export function startSideWork(tools: number): SideWork {
  if (tools < SIDE_WORK_MIN_TOOLS || availableParallelism() < 2 || !existsSync(fileURLToPath(WORKER_URL))) return inThread();
  let worker: Worker;
  try {
    worker = new Worker(WORKER_URL);
  } catch {
    return inThread();
  }
  worker.unref(); // never keeps a finished run's process alive
  let failed = false;
  const waiting = new Set<() => void>();
  const fail = (): void => {
    failed = true;
    for (const reject of waiting) reject();
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', fail);
  return {
    kind: 'worker',
    run(input) {
      if (failed) return { finish: () => runSideWork(input) };
      const claims = newClaims();
      const answer = new Promise<{ searchIndex: string; counted: CountedTools }>((resolve, reject) => {
        waiting.add(reject);
        worker.once('message', (message: WorkerAnswer) => {
          waiting.delete(reject);
          if ('error' in message) reject(new Error(message.error));
          else resolve(message);
        });
        worker.postMessage({ input, claims } satisfies WorkerRequest);
      });
      answer.catch(() => {}); // handled in finish
      const counter = loadTokenCounter();
      counter.catch(() => {});
      return {
        async finish() {
          try {
            const count = await counter;
            const mine = claimAndCount(input, claims, count);
            const theirs = await answer;
            return { cost: costOf(input, [...mine, ...theirs.counted], count), searchIndex: theirs.searchIndex };
          } catch {
            // Whatever went wrong in the worker, the run gets the same answer from this thread.
            return runSideWork(input);
          }
        },
      };
    },
    close() {
      void worker.terminate();
    },
  };
}

function inThread(): SideWork {
  return { kind: 'thread', run: (input) => ({ finish: () => runSideWork(input) }), close() {} };
}
