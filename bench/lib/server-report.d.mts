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
  mode?: string;
  variants: { name: string; bytes: number; answer: string; series: Record<string, CallSeries> }[];
}): { table: string; budget: string[] };
export interface StartupSample {
  listenMs?: number;
  firstListMs: number;
  allPagesMs: number;
  firstSearchMs?: number;
  firstDescribeMs?: number;
  clientConnectMs?: number;
  clientListMs?: number;
  rssFirstMb?: number;
  rssLoadedMb?: number;
  peakMb?: number;
}
export declare function startupSection(startup: { mode?: string; tools?: number; pages?: number; samples: readonly StartupSample[] }): { table: string; budget: string[] };
