/**
 * The worker thread of side-work.ts: it loads the tokenizer as it starts (while the main thread
 * reads the spec); given its one WorkerRequest it builds the search index, then counts the tools
 * the main thread has not claimed, and answers a WorkerAnswer.
 */
import { parentPort } from 'node:worker_threads';
import { indexDocuments } from '../emit/search-core.gen.js';
import { searchIndexJson } from '../emit/search-index-json.js';
import { loadTokenCounter } from '../report/token-cost.js';
import { claimAndCount } from './shared-count.js';
import type { WorkerAnswer, WorkerRequest } from './side-work.js';

const counter = loadTokenCounter();
counter.catch(() => {}); // reported when the request awaits it

parentPort?.once('message', ({ input, claims }: WorkerRequest) => {
  const answer = async (): Promise<WorkerAnswer> => {
    const searchIndex = searchIndexJson(indexDocuments(input.documents));
    return { searchIndex, counted: claimAndCount(input, claims, await counter) };
  };
  answer().then(
    (message) => parentPort!.postMessage(message),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer),
  );
});
