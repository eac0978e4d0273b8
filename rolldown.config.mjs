// The CLI as one bundle (`npm run build`, after tsc): dist/cli/bin.js plus lazily loaded chunks.
// Why: a CLI run loaded ~90 modules (ours and its dependencies') one by one; resolving, reading and
// linking them was a fixed cost of every run (see the commit that added this file for measurements).
// The library entry (dist/index.js, from tsc) stays unbundled.
//
// Chunks stay in dist/cli/: modules find templates/ and package.json through
// `new URL('../../…', import.meta.url)`, which holds at that depth. `yaml` (loaded only when js-yaml
// refuses a file, through createRequire) stays a runtime dependency.
import { chmodSync } from 'node:fs';
import { plainBuiltinImports } from './scripts/plain-builtin-imports.mjs';

/**
 * The bin must be executable: a package linked from this repo (examples/monorepo) runs
 * `openapi-mcp` through node_modules/.bin, and rolldown writes a fresh file each build.
 */
const executableBin = {
  name: 'executable-bin',
  writeBundle() {
    chmodSync('dist/cli/bin.js', 0o755);
  },
};

export default {
  input: { bin: 'src/cli/bin.ts' },
  // Builtins through process.getBuiltinModule instead of ESM imports: see the plugin's comment.
  plugins: [executableBin, plainBuiltinImports],
  platform: 'node',
  // jiti (TypeScript configs, load-config.ts) is loaded only for a .ts config, as a dependency.
  external: ['yaml', 'jiti'],
  output: {
    dir: 'dist/cli',
    format: 'esm',
    cleanDir: true,
    chunkFileNames: '[name]-[hash].js',
    // No JSDoc in the chunks (licence comments stay): a third less source for every run to read,
    // checksum against the compile cache and scan again as functions compile lazily.
    comments: { legal: true, annotation: false, jsdoc: false },
  },
};
