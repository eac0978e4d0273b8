export declare const SERVER_BUDGET: Readonly<{ installBuildMs: number; startupMs: number; callOverheadMs: number }>;
export interface MsSummary {
  n: number;
  median: number | undefined;
  min: number | undefined;
  max: number | undefined;
  p90: number | undefined;
}
export declare function summarizeMs(values: readonly number[]): MsSummary;
export declare function formatGrid(header: readonly string[], rows: readonly (readonly string[])[], left?: readonly number[]): string;
export interface CallSeries {
  label: string;
  samples: number[];
  cpuMsPerCall: number | undefined;
}
export declare function callSection(calls: {
  variants: { name: string; bytes: number; answer: string; series: Record<string, CallSeries> }[];
}): { table: string; budget: string[] };
