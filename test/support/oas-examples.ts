/** The spec files of the @readme/oas-examples devDependency, for tests that run over real specs. */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const OAS_EXAMPLES = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));

/** Every JSON and YAML spec in those folders (all versions by default); a folder that is missing gives none. */
export function oasExampleFiles(dirs: readonly string[] = ['3.0/json', '3.0/yaml', '3.1/json', '3.1/yaml', '2.0/json', '2.0/yaml']): string[] {
  return dirs.flatMap((dir) => {
    try {
      return readdirSync(join(OAS_EXAMPLES, dir))
        .filter((f) => /\.(json|ya?ml)$/.test(f))
        .map((f) => join(OAS_EXAMPLES, dir, f));
    } catch {
      return [];
    }
  });
}
