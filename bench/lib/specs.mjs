// Which spec files to benchmark.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Default specs under ../shared/specs; `mapOnly` specs run only ours-map unless --peer-all. */
const DEFAULT_SPECS = [
  { label: 'github', file: 'github-rest.3.0.json', mapOnly: false },
  { label: 'msgraph', file: 'msgraph-v1.3.0.json', mapOnly: true },
];

/** The biggest .json/.yaml spec under `dir`/{2.0,3.0,3.1} (the @readme/oas-examples layout). */
export function biggestSpecIn(dir) {
  let best;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(json|ya?ml)$/.test(entry.name)) {
        const size = statSync(full).size;
        if (best === undefined || size > best.size) best = { path: full, size };
      }
    }
  };
  for (const version of ['2.0', '3.0', '3.1']) {
    const sub = path.join(dir, version);
    if (existsSync(sub)) walk(sub);
  }
  return best?.path;
}

function labelOf(file) {
  return path.basename(file).replace(/\.(json|ya?ml)$/, '');
}

/**
 * Returns `{ specs: [{ label, path, mapOnly }], notes: string[] }`; throws an Error with a
 * user-facing message when a requested spec does not exist or no spec can be found.
 */
export function resolveSpecs(repoRoot, requested) {
  if (requested.length > 0) {
    const specs = requested.map((given) => {
      const full = path.resolve(given);
      if (!existsSync(full)) throw new Error(`spec not found: ${given}`);
      return { label: labelOf(full), path: full, mapOnly: false };
    });
    return { specs, notes: [] };
  }
  const sharedDir = path.resolve(repoRoot, '..', 'shared', 'specs');
  if (existsSync(sharedDir)) {
    const specs = [];
    const notes = [];
    for (const d of DEFAULT_SPECS) {
      const full = path.join(sharedDir, d.file);
      if (existsSync(full)) specs.push({ label: d.label, path: full, mapOnly: d.mapOnly });
      else notes.push(`default spec missing, skipped: ${full}`);
    }
    if (specs.length > 0) return { specs, notes };
  }
  const examples = path.join(repoRoot, 'node_modules', '@readme', 'oas-examples');
  const fallback = existsSync(examples) ? biggestSpecIn(examples) : undefined;
  if (fallback === undefined) {
    throw new Error(
      `no spec to benchmark: ${sharedDir} is absent and node_modules/@readme/oas-examples has no spec; pass --spec <path>`,
    );
  }
  return {
    specs: [{ label: labelOf(fallback), path: fallback, mapOnly: false }],
    notes: [
      `${sharedDir} is absent; falling back to the biggest spec in @readme/oas-examples: ${path.relative(repoRoot, fallback)} (numbers are not comparable with the GitHub/msgraph runs)`,
    ],
  };
}
