// How to invoke npm from the benchmark.

/** npm, preferring the one that runs `npm run bench` (npm_execpath) so the same Node is used. */
export function npmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /npm-cli\.[cm]?js$/.test(execPath)) {
    return { cmd: process.execPath, args: [execPath, ...args] };
  }
  return { cmd: 'npm', args };
}
