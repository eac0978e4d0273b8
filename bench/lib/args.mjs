// Command-line parsing for `npm run bench`. Pure: takes argv, returns options or throws.
import { parseArgs } from 'node:util';

export const CASE_NAMES = Object.freeze(['peer-generate', 'ours-map', 'ours-generate', 'ours-generate-noop']);

export const USAGE = `Usage: npm run bench -- [options]

Options:
  --runs <n>        measured runs per case (default 5)
  --warmup <n>      unmeasured warm-up runs per case (default 1)
  --spec <path>     spec file to benchmark (repeatable; default: GitHub REST and msgraph
                    from ../shared/specs); with --spec every case runs on every spec
  --case <name>     only run this case (repeatable): ${CASE_NAMES.join(', ')}
  --peer-all        also run the peer (and ours-generate) on the map-only default specs (msgraph)
  --timeout <s>     kill a run after this many seconds (default 600)
  --json <file>     write raw results (every sample) as JSON
  --out-root <dir>  where each generation writes its package (default .bench/out in this
                    repository: inside a project, where users generate; both tools alike)
  -h, --help        show this help`;

/** Error for a bad command line; run.mjs prints its message and the usage, without a stack. */
export class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `--name`'s value as an integer of at least `min`; UsageError otherwise. */
export function positiveInt(name, text, min) {
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  const value = Number(text);
  if (value < min) throw new UsageError(`--${name} must be at least ${min}, got ${value}`);
  return value;
}

export function parseBenchArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        runs: { type: 'string' },
        warmup: { type: 'string' },
        spec: { type: 'string', multiple: true },
        case: { type: 'string', multiple: true },
        'peer-all': { type: 'boolean' },
        timeout: { type: 'string' },
        json: { type: 'string' },
        'out-root': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  const cases = v.case ?? [...CASE_NAMES];
  for (const name of cases) {
    if (!CASE_NAMES.includes(name)) {
      throw new UsageError(`unknown --case "${name}" (known: ${CASE_NAMES.join(', ')})`);
    }
  }
  return {
    runs: v.runs === undefined ? 5 : positiveInt('runs', v.runs, 1),
    warmup: v.warmup === undefined ? 1 : positiveInt('warmup', v.warmup, 0),
    specs: v.spec ?? [],
    cases: CASE_NAMES.filter((name) => cases.includes(name)),
    peerAll: v['peer-all'] ?? false,
    timeoutMs: (v.timeout === undefined ? 600 : positiveInt('timeout', v.timeout, 1)) * 1000,
    json: v.json,
    outRoot: v['out-root'],
    help: v.help ?? false,
  };
}
