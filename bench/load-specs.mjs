#!/usr/bin/env node
// Times `loadSpec` on the given spec files or URLs (run `npm run build` first):
//   node bench/load-specs.mjs [--repeat N] <spec>...
// Prints, per spec: best-of-N milliseconds, files reached, warnings, and the spec version.
import { performance } from 'node:perf_hooks';

const { loadSpec } = await import(new URL(process.env.LOAD_SPEC_DIST ?? '../dist/load/load-spec.js', import.meta.url).href);

const args = process.argv.slice(2);
let repeat = 3;
if (args[0] === '--repeat') {
  repeat = Number(args[1]);
  args.splice(0, 2);
}
let failures = 0;
for (const input of args) {
  let best = Infinity;
  let result;
  try {
    for (let i = 0; i < repeat; i++) {
      const start = performance.now();
      result = await loadSpec(input);
      best = Math.min(best, performance.now() - start);
    }
    console.log(`${best.toFixed(0).padStart(6)} ms  ${String(result.files.size).padStart(5)} files  ${String(result.diagnostics.length).padStart(4)} warnings  ${result.specVersion}  ${input}`);
  } catch (error) {
    failures++;
    console.log(`FAILED  ${input}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exitCode = failures > 0 ? 1 : 0;
