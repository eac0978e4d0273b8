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
// Regular expressions compiled straight to machine code: V8 first compiles each one to bytecode
// and recompiles it natively once it is hot, and the tool-poisoning scan's one big pattern
// (map/instruction-like-text.ts) is hot in every generation, so its bytecode (~10 ms) was thrown
// away each run. Only this one-shot process; a generated server keeps V8's defaults.
process.getBuiltinModule('node:v8').setFlagsFromString('--no-regexp-tier-up');
const { runCli } = await import('./program.js');
process.exitCode = await runCli(process.argv);
