/**
 * The README's "Use it in your own project" commands, as it shows them (`command`), where they run
 * (`where`: this repository, or the user's project) and with the flags the test adds (`args`).
 * test/e2e/pack.e2e.test.ts runs them in order; readme.test.ts checks each README command there
 * is one of these.
 */
export const PACK_STEPS: readonly { command: string; where: 'repo' | 'project'; args: readonly string[] }[] = [
  { command: 'npm pack', where: 'repo', args: ['pack', '--ignore-scripts', '--json'] },
  { command: 'npm install -D ../openapi-mcp/openapi-mcp-0.1.0.tgz', where: 'project', args: ['install', '-D', '<tarball>', '--prefer-offline', '--no-audit', '--no-fund'] },
  { command: 'npx openapi-mcp generate openapi.yaml --out mcp', where: 'project', args: ['generate', 'openapi.yaml', '--out', 'mcp'] },
];
