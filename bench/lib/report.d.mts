import type { Summary } from './stats.mjs';

export declare const MAP_BUDGET: Readonly<{ ms: number; rssKb: number }>;
export declare const NOOP_BUDGET: number;
export interface Row {
  case: string;
  spec: string;
  status: string;
  reason: string | undefined;
  runs: number;
  summary: Summary | undefined;
  timeRatio: number | undefined;
  rssRatio: number | undefined;
}
export declare function buildRows(
  results: readonly {
    case: string;
    spec: string;
    status: string;
    reason?: string;
    samples: readonly { ms: number; rssKb: number | undefined }[];
  }[],
): Row[];
export declare function formatTable(rows: readonly Row[]): string;
export declare function budgetLines(rows: readonly Row[]): string[];
