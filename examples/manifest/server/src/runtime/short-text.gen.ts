/**
 * Text cut to a length for a message, never mid-word: at the last `; ` or `, ` (whole items of a
 * list of problems) or else the last space before `max`, with ` …` where the rest was.
 */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 2;
  for (const separator of ['; ', ', ', ' ']) {
    const cut = text.lastIndexOf(separator, room);
    if (cut >= room / 2) return `${text.slice(0, cut + (separator === ' ' ? 0 : separator.length - 1))} …`;
  }
  return `${text.slice(0, room)} …`;
}
