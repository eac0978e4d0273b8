#!/usr/bin/env node
// `npm run build`, also run by the test global setup: the search files shared with the runtime
// are copied from templates/runtime into src/shared (copy-shared-runtime.mjs), tsc emits the library
// (dist/index.js and the modules it imports; src/cli is left to rolldown), the templates are
// precompiled (precompile-templates.mjs), the token table is written (build-token-table.mjs), and
// rolldown bundles the CLI into dist/cli (rolldown.config.mjs).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = (args, stdout = 'inherit') => execFileSync(process.execPath, args, { cwd: root, stdio: ['ignore', stdout, 'inherit'] });

node([path.join(root, 'scripts/copy-shared-runtime.mjs')]);
node([path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']); // tsc reports errors on stdout
node([path.join(root, 'scripts/precompile-templates.mjs')]);
node([path.join(root, 'scripts/build-token-table.mjs')]);
node([path.join(root, 'node_modules/rolldown/bin/cli.mjs'), '-c', 'rolldown.config.mjs', '--logLevel', 'warn'], 'ignore'); // not its chunk list
