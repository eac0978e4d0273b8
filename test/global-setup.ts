import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * CLI and end-to-end tests run the built bin, as users do: build once before any test, the way
 * `npm run build` does: tsc for the library, the templates precompiled, rolldown bundling the CLI
 * into dist/cli.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const bin = (path: string): string => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
  execFileSync(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/precompile-templates.mjs'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [bin('rolldown/bin/cli.mjs'), '-c', 'rolldown.config.mjs', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
