// Command-line parsing for `npm run bench:server`. Pure: takes argv, returns options or throws.
import { parseArgs } from 'node:util';
import { UsageError, positiveInt } from './args.mjs';

export const SERVER_PHASES = Object.freeze(['build', 'startup', 'call']);
export const TOOLS_MODES = Object.freeze(['static', 'dynamic']);

/** What --msgraph changes when the flag itself is not given: one build, fewer starts and calls, no peer. */
export const MSGRAPH_DEFAULTS = Object.freeze({ buildRuns: 1, buildWarmup: 0, peer: false, starts: 5, calls: 200, callWarmup: 20 });

export const SERVER_USAGE = `Usage: npm run bench:server -- [options]

Times the generated MCP server for the GitHub spec (see bench/README.md): install + build,
start-up to the first tools/list answer with the server's RSS, and the per-call overhead of
tools/call over a direct HTTP request to the same local upstream, in static and dynamic mode.

Options:
  --spec <path>          spec to generate the server from (default ../shared/specs/github-rest.3.0.json,
                         else the biggest spec in @readme/oas-examples)
  --msgraph              Microsoft Graph (--spec, else ../shared/specs/msgraph-v1.3.0.json, 11,422 tools;
                         skipped with a note when absent), with ${MSGRAPH_DEFAULTS.buildRuns} build round, no warm-up, no peer,
                         ${MSGRAPH_DEFAULTS.starts} starts and ${MSGRAPH_DEFAULTS.calls} calls unless those flags are given (part of npm run bench)
  --tools-mode <mode>    only start the server in this mode (repeatable): ${TOOLS_MODES.join(', ')} (default both)
  --phase <name>         only run this phase (repeatable): ${SERVER_PHASES.join(', ')}
  --build-runs <n>       measured generate/install/build rounds (default 3)
  --build-warmup <n>     unmeasured rounds first, e.g. to fill the npm cache (default 1)
  --no-peer              do not time the peer's own npm install + npm run build
  --reuse                skip regenerating and building when .bench/<name>-server/dist exists
                         (only with --phase startup/call)
  --starts <n>           measured server starts (default 10; one more as warm-up)
  --calls <n>            measured calls per path and body (default 500)
  --call-warmup <n>      unmeasured calls per path and body first (default 50)
  --tool <name>          tool to call (default repos_get, else the first read-only tool whose
                         required arguments are all scalars)
  --no-stdio             skip tools/call over stdio
  --no-client            skip the official @modelcontextprotocol/client rows
  --cpu-prof <dir>       run the per-call servers under node --cpu-prof, profiles written to <dir>
  --timeout <s>          kill a command (npm install, npm run build) after this many seconds (default 300)
  --json <file>          write raw results (every sample) as JSON
  -h, --help             show this help`;

/** Options for bench/server.mjs; throws UsageError for a bad command line. */
export function parseServerBenchArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        spec: { type: 'string' },
        msgraph: { type: 'boolean' },
        'tools-mode': { type: 'string', multiple: true },
        phase: { type: 'string', multiple: true },
        'build-runs': { type: 'string' },
        'build-warmup': { type: 'string' },
        'no-peer': { type: 'boolean' },
        reuse: { type: 'boolean' },
        starts: { type: 'string' },
        calls: { type: 'string' },
        'call-warmup': { type: 'string' },
        tool: { type: 'string' },
        'no-stdio': { type: 'boolean' },
        'no-client': { type: 'boolean' },
        'cpu-prof': { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  const phases = v.phase ?? [...SERVER_PHASES];
  for (const name of phases) {
    if (!SERVER_PHASES.includes(name)) {
      throw new UsageError(`unknown --phase "${name}" (known: ${SERVER_PHASES.join(', ')})`);
    }
  }
  const selected = SERVER_PHASES.filter((name) => phases.includes(name));
  const modes = v['tools-mode'] ?? [...TOOLS_MODES];
  for (const name of modes) {
    if (!TOOLS_MODES.includes(name)) throw new UsageError(`unknown --tools-mode "${name}" (known: ${TOOLS_MODES.join(', ')})`);
  }
  const msgraph = v.msgraph === true;
  const fallback = msgraph ? MSGRAPH_DEFAULTS : { buildRuns: 3, buildWarmup: 1, peer: true, starts: 10, calls: 500, callWarmup: 50 };
  if (v.reuse === true && selected.includes('build')) {
    throw new UsageError('--reuse skips the build phase: combine it with --phase startup and/or --phase call');
  }
  return {
    spec: v.spec,
    msgraph,
    phases: selected,
    toolsModes: TOOLS_MODES.filter((name) => modes.includes(name)),
    buildRuns: v['build-runs'] === undefined ? fallback.buildRuns : positiveInt('build-runs', v['build-runs'], 1),
    buildWarmup: v['build-warmup'] === undefined ? fallback.buildWarmup : positiveInt('build-warmup', v['build-warmup'], 0),
    peer: v['no-peer'] !== true && fallback.peer,
    reuse: v.reuse ?? false,
    starts: v.starts === undefined ? fallback.starts : positiveInt('starts', v.starts, 1),
    calls: v.calls === undefined ? fallback.calls : positiveInt('calls', v.calls, 1),
    callWarmup: v['call-warmup'] === undefined ? fallback.callWarmup : positiveInt('call-warmup', v['call-warmup'], 0),
    tool: v.tool,
    stdio: v['no-stdio'] !== true,
    client: v['no-client'] !== true,
    cpuProf: v['cpu-prof'],
    timeoutMs: (v.timeout === undefined ? 300 : positiveInt('timeout', v.timeout, 1)) * 1000,
    json: v.json,
    help: v.help ?? false,
  };
}
