import { resolve } from 'node:path';
import { REPO_ROOT } from './run-cli.js';

/** examples/monorepo, an npm workspace that links openapi-mcp from this repository. */
export const MONOREPO_DIR = resolve(REPO_ROOT, 'examples/monorepo');

/**
 * What test/examples-monorepo.test.ts runs there, in order, as the README shows it (`command`) and
 * with the flags a test adds (`args`). readme.test.ts checks each README command in that directory
 * is one of these.
 */
export const MONOREPO_STEPS: readonly { command: string; args: readonly string[] }[] = [
  // --ignore-scripts: the linked openapi-mcp's `prepare` would rebuild our dist/, which the global
  // setup has built already (a user's plain `npm install` builds it that way from a clean clone).
  { command: 'npm install', args: ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'] },
  { command: 'npm test', args: ['test'] },
  { command: 'npm run build', args: ['run', 'build'] },
];
