import type { GeneratedFile } from '../model/emit-plan.js';
import { renderTemplate } from './templates.js';

/** The user's hooks module, imported by `src/main.ts`. */
export const HOOKS_FILE = 'src/hooks.ts';

/**
 * `src/hooks.ts`: the user's customizations (request/response hooks, auth, per-tool overrides).
 * Owned by the user: the writer creates it once and never overwrites it. The template is the same
 * for every API (no spec text), and as created it changes nothing.
 */
export function emitHooksFile(): GeneratedFile {
  return { path: HOOKS_FILE, contents: renderTemplate('package/hooks.ts', {}), owner: 'user' };
}
