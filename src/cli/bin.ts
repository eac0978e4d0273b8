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
const { runCli } = await import('./program.js');
process.exitCode = await runCli(process.argv);
