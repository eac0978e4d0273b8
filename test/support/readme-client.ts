import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The ```ts block under `## <heading>` of a README (a server package's "Typed client", a client-only package's "Use"). */
export function readmeClientSnippet(readme: string, heading: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  const code = section === undefined ? undefined : /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (code === undefined) throw new Error(`the README has no ts block under "## ${heading}"`);
  return code;
}

/**
 * What a reader does with the README's client example: pastes it into the built package `dir`
 * (as src/readme-client.ts, removed afterwards) and type-checks it with the package's own tsc and
 * tsconfig. The snippet imports the package by its name (`<name>/client`), as a consumer would.
 */
export function typeCheckReadmeClient(dir: string, heading: string): { snippet: string; status: number | null; output: string } {
  const snippet = readmeClientSnippet(readFileSync(join(dir, 'README.md'), 'utf8'), heading);
  const file = join(dir, 'src/readme-client.ts');
  writeFileSync(file, snippet);
  try {
    const r = spawnSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--noEmit'], { cwd: dir, encoding: 'utf8' });
    return { snippet, status: r.status, output: r.stdout + r.stderr };
  } finally {
    rmSync(file);
  }
}
