export interface Sample {
  ms: number;
  rssKb: number | undefined;
}
export interface Summary {
  medianMs: number | undefined;
  minMs: number | undefined;
  maxMs: number | undefined;
  medianRssKb: number | undefined;
}
export declare function median(values: readonly number[]): number | undefined;
export declare function ratio(
  ours: number | undefined,
  peer: number | undefined,
): number | undefined;
export declare function summarize(samples: readonly Sample[]): Summary;
export declare function formatRatio(value: number | undefined): string;
