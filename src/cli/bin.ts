#!/usr/bin/env node
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`openapi-mcp: Node.js 22 or newer is required (this is ${process.versions.node})\n`);
  process.exit(1);
}
// Cache compiled code on disk (Node >= 22.1): runs after the first skip recompiling our modules
// and dependencies.
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
// No TurboFan (V8's top tier) for a one-shot run: a generation is one pass over a big document
// that ends within a second or two, and TurboFan's compiles (on the second core, which V8's GC
// threads already share) cost more than the code they optimize wins back. Maglev, the tier below,
// stays. Same-run pairs: Stripe CPU 0.81x, wall 0.88x; GitHub CPU 0.91x, wall 0.91x (see
// docs/benchmarks.md). `--watch` keeps TurboFan: there the same code runs again on every change.
// V8 has had the flag since 11.x; a V8 without it would print an error, hence the range.
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 14 && !process.argv.includes('--watch')) (await import('node:v8')).setFlagsFromString('--max-opt=2');
const { runCli } = await import('./program.js');
process.exitCode = await runCli(process.argv);
