// The benchmark cases: what each one runs, per spec.
import { peerArgs } from './peer.mjs';

/** Case name → how the peer-relative ratio reads (see bench/README.md). */
export const CASE_DESCRIPTIONS = Object.freeze({
  'peer-generate': 'openapi-mcp-generator: parse + generate a whole server project into a temp dir',
  'ours-map':
    'openapi-mcp tools <spec> --json > /dev/null: load, normalize, map (no files written)',
  'ours-generate': 'openapi-mcp generate <spec> --out <tmp>: the whole pipeline, writing files',
  'ours-generate-noop':
    'openapi-mcp generate <spec> --out <tmp> again on an unchanged output: the up-to-date check alone',
});

/**
 * One entry per (spec, selected case), in spec order then case order. Each planned case is
 * `{ name, spec, specPath, needsOutDir, nodeArgs(outDir), prepareArgs?(outDir), skip }`;
 * `prepareArgs` is an untimed run before each timed one (in the same out dir); `skip` is `{ status, reason }`
 * when the case must not run: 'skipped' for a map-only spec without --peer-all, 'unavailable'
 * when our CLI or the peer is missing.
 */
export function planCases({ specs, cases, peerAll, peerBin, oursBin, oursUnavailable }) {
  const planned = [];
  for (const spec of specs) {
    for (const name of cases) {
      const base = { name, spec: spec.label, specPath: spec.path };
      const heavySkip =
        spec.mapOnly && !peerAll && name !== 'ours-map'
          ? {
              status: 'skipped',
              reason: `${spec.label} runs only ours-map by default (use --peer-all)`,
            }
          : undefined;
      const oursSkip =
        oursUnavailable === undefined
          ? undefined
          : { status: 'unavailable', reason: oursUnavailable };
      if (name === 'peer-generate') {
        planned.push({
          ...base,
          needsOutDir: true,
          nodeArgs: (outDir) => peerArgs(peerBin ?? '', spec.path, outDir),
          skip:
            heavySkip ??
            (peerBin === undefined
              ? { status: 'unavailable', reason: 'peer not installed' }
              : undefined),
        });
      } else if (name === 'ours-map') {
        planned.push({
          ...base,
          needsOutDir: false,
          nodeArgs: () => [oursBin, 'tools', spec.path, '--json'],
          skip: oursSkip,
        });
      } else {
        const generateArgs = (outDir) => [oursBin, 'generate', spec.path, '--out', outDir];
        planned.push({
          ...base,
          needsOutDir: true,
          nodeArgs: generateArgs,
          // The no-op case times a rerun: the first generation into the same dir is not timed.
          ...(name === 'ours-generate-noop' ? { prepareArgs: generateArgs } : {}),
          skip: heavySkip ?? oursSkip,
        });
      }
    }
  }
  return planned;
}
