/** Media type helpers shared by request bodies, responses and parameters. */

export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json') || base.endsWith('/json') || base === '*/*';
}

/** The form media types, whose members go as name/value pairs (urlencoded and multipart/form-data). */
export function isFormMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/x-www-form-urlencoded' || base === 'multipart/form-data';
}

/** Order of preference when an operation offers several request media types. */
function rank(mediaType: string): number {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  if (base === 'application/json') return 0;
  if (isJsonMediaType(base) && base !== '*/*') return 1;
  if (isFormMediaType(base)) return base === 'multipart/form-data' ? 3 : 2;
  if (base === 'application/octet-stream') return 4;
  if (base.startsWith('text/')) return 5;
  if (base === '*/*') return 6;
  return 7;
}

/** The media type a generated tool sends: JSON first, then form, multipart, binary, text; ties keep spec order. */
export function pickMediaType(mediaTypes: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestRank = Infinity;
  for (const mediaType of mediaTypes) {
    const r = rank(mediaType);
    if (r < bestRank) {
      best = mediaType;
      bestRank = r;
    }
  }
  return best;
}
