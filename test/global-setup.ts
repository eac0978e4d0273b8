import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** CLI and end-to-end tests run the built bin, as users do: build once before any test (`npm run build`'s script). */
export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
