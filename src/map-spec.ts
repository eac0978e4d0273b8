import { DiagnosticBag } from './diagnostics.js';
import type { LoadedSpec } from './load/loaded-spec.js';
import { loadSpec } from './load/load-spec.js';
import { validateSpec } from './load/validate-spec.js';
import type { MapOptions } from './map/map-options.js';
import { mapToTools } from './map/map-tools.js';
import type { ToolModel } from './model/tool-model.js';
import { mapManifest, throwOnErrors } from './manifest/map-manifest.js';
import { normalizeSpec } from './normalize/normalize-spec.js';
import { unlessTooDeep } from './stack-depth.js';

export interface MapSpecOptions extends MapOptions {
  /** Working directory for relative spec paths. */
  cwd?: string;
  /** Also run full OpenAPI schema validation (slow on big specs); findings become warnings. */
  validate?: boolean;
  /** Directories (and origins) outside the spec's own tree that `$ref`s may read (see load/ref-boundary.ts). */
  allowRefs?: readonly string[];
}

export interface MapSpecResult {
  loaded: LoadedSpec;
  tools: ToolModel;
  diagnostics: DiagnosticBag;
}

/**
 * load → normalize → map: the tools a spec yields, with every diagnostic collected on the way. A
 * tool manifest goes through its own front end (src/manifest/), whose errors throw a UserError.
 */
export async function mapSpec(input: string, options: MapSpecOptions = {}): Promise<MapSpecResult> {
  const loaded = await loadSpec(input, { ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), allowRefs: options.allowRefs });
  const diagnostics = new DiagnosticBag();
  diagnostics.items.push(...loaded.diagnostics);
  // --validate checks OpenAPI documents; a manifest's own checks (map-manifest.ts) always run.
  if (options.validate && loaded.specVersion !== 'manifest') diagnostics.items.push(...(await validateSpec(loaded)));
  let tools: ToolModel;
  try {
    if (loaded.specVersion === 'manifest') {
      tools = mapManifest(loaded, options, diagnostics);
      throwOnErrors(diagnostics, loaded);
      return { loaded, tools, diagnostics };
    }
    tools = mapToTools(normalizeSpec(loaded, diagnostics), options, diagnostics);
  } catch (error) {
    throw unlessTooDeep(error, loaded.root.display);
  }
  diagnostics.dropRepeats();
  return { loaded, tools, diagnostics };
}
