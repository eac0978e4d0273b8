/**
 * V8's compile cache for the server's own modules, the SDK's and zod's: parsed and compiled code
 * is kept on disk, so every start after the first skips most of that work (Node >= 22.8:
 * `module.enableCompileCache`; older Node starts without it). The bin (src/main.ts) calls
 * `enableCompileCache` before it imports anything else, since only modules compiled after it are
 * cached, and `flushCompileCache` once the server serves: Node writes the cache itself only on a
 * normal exit, and a host may end a stdio server with a signal.
 *
 * Where: Node's default, `<os.tmpdir()>/node-compile-cache`, or the directory NODE_COMPILE_CACHE
 * names; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Entries are keyed by file and content, so a
 * rebuilt package never runs stale code. A cache that cannot be used (an unwritable directory) is
 * not an error: Node reports it in the status it returns and the server starts without it.
 */
import * as nodeModule from 'node:module';

/** Turns the cache on for the modules loaded from now on (a no-op where Node has none). */
export function enableCompileCache(): void {
  try {
    nodeModule.enableCompileCache?.();
  } catch {
    // Node returns a status instead of throwing; another runtime's node:module might throw.
  }
}

/** Writes what was compiled so far (Node >= 22.10); a no-op where Node cannot, or with the cache off. */
export function flushCompileCache(): void {
  try {
    nodeModule.flushCompileCache?.();
  } catch {
    // As above: a cache is an optimization, never a reason for the server to fail.
  }
}
