export declare const CASE_NAMES: readonly ['peer-generate', 'ours-map', 'ours-generate', 'ours-generate-noop'];
export type CaseName = (typeof CASE_NAMES)[number];
export declare const USAGE: string;
export declare class UsageError extends Error {}
export interface BenchOptions {
  runs: number;
  warmup: number;
  /** Spec paths from --spec, as given; empty means the defaults. */
  specs: string[];
  /** Selected cases, in CASE_NAMES order. */
  cases: CaseName[];
  peerAll: boolean;
  timeoutMs: number;
  json: string | undefined;
  /** --out-root: where generations write (undefined: .bench/out in the repository). */
  outRoot: string | undefined;
  help: boolean;
}
export declare function parseBenchArgs(argv: readonly string[]): BenchOptions;
