// Preloaded with `node --import` when GNU time is unavailable: on exit, writes this process's peak
// RSS in KiB (process.resourceUsage().maxRSS) to the file named by OPENAPI_MCP_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.OPENAPI_MCP_BENCH_RSS_FILE;
if (file !== undefined) {
  process.on('exit', () => {
    writeFileSync(file, `${process.resourceUsage().maxRSS}\n`);
  });
}
