#!/usr/bin/env node
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`openapi-mcp: Node.js 22 or newer is required (this is ${process.versions.node})\n`);
  process.exit(1);
}
const { runCli } = await import('./program.js');
process.exitCode = await runCli(process.argv);
