// Pure statistics over benchmark samples.

/** Median; the mean of the two middle values for an even count; undefined for no values. */
export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** ours / peer, or undefined when either side is missing or the peer is zero. */
export function ratio(ours, peer) {
  if (ours === undefined || peer === undefined || peer === 0) return undefined;
  return ours / peer;
}

/** Median/min/max wall time and median peak RSS of successful samples. */
export function summarize(samples) {
  const ms = samples.map((s) => s.ms);
  const rss = samples.map((s) => s.rssKb).filter((kb) => kb !== undefined);
  return {
    medianMs: median(ms),
    minMs: ms.length === 0 ? undefined : Math.min(...ms),
    maxMs: ms.length === 0 ? undefined : Math.max(...ms),
    medianRssKb: median(rss),
  };
}

/** "0.42x"; "-" when there is no ratio. */
export function formatRatio(value) {
  return value === undefined ? '-' : `${value.toFixed(2)}x`;
}
