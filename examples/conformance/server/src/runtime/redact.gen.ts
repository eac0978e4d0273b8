/**
 * Removes credentials from text that came from elsewhere (an upstream body that echoes the request,
 * a token endpoint's error description) before it reaches the model.
 */

/** Secrets shorter than this are not redacted from upstream text (they would mangle ordinary words). */
export const MIN_REDACTED_LENGTH = 6;
export const REDACTED = '[REDACTED]';

/** Replaces every secret (and its JSON-escaped form) in `text` with {@link REDACTED}. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length < MIN_REDACTED_LENGTH) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return out;
}
