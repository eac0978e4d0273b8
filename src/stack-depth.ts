import { UserError } from './diagnostics.js';

/**
 * The stages after `load` recurse over schemas and follow `$ref`s as they go. The document itself
 * nests at most 200 levels (load/document-limits.ts), but `$ref`s chain components without
 * nesting: a spec of 1,000 components, each a `oneOf` holding a `$ref` to the next, overflowed the
 * call stack in map (5,000 `allOf`s too) and the CLI printed a RangeError and its stack. Real specs
 * chain a few dozen at most (msgraph, GitHub, Stripe). The overflow is caught once around the
 * stages instead of bounding each walk: the run stops with one line naming the spec, nothing written.
 */
export function unlessTooDeep(error: unknown, display: string): unknown {
  if (!(error instanceof RangeError) || !error.message.includes('call stack')) return error;
  return new UserError(`${display}: its schemas nest too deeply through $refs to process (thousands of levels; the call stack overflowed)`);
}
