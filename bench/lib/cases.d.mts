import type { CaseName } from './args.mjs';

export declare const CASE_DESCRIPTIONS: Readonly<Record<CaseName, string>>;
export interface SpecEntry {
  label: string;
  path: string;
  mapOnly?: boolean;
}
export interface PlannedCase {
  name: CaseName;
  spec: string;
  specPath: string;
  needsOutDir: boolean;
  nodeArgs(outDir: string): string[];
  /** An untimed run before each timed one, in the same output directory. */
  prepareArgs?(outDir: string): string[];
  skip: { status: 'skipped' | 'unavailable'; reason: string } | undefined;
}
export declare function planCases(options: {
  specs: readonly SpecEntry[];
  cases: readonly CaseName[];
  peerAll: boolean;
  peerBin: string | undefined;
  oursBin: string;
  oursUnavailable: string | undefined;
}): PlannedCase[];
