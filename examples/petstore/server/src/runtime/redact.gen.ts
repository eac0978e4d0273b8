/**
 * Removes credentials from text that came from elsewhere (an upstream body that echoes the request,
 * a token endpoint's error description) before it reaches the model.
 *
 * A secret is found as sent and in the encodings an upstream echoes it in: JSON-escaped (also with
 * `\/` and `\u0026`-style escapes), percent-encoded (either case, `+` for a space), base64
 * (standard and URL-safe) and hex (either case: a debugging endpoint's dump). Secrets of
 * {@link MIN_REDACTED_LENGTH} characters or more are replaced wherever they occur; shorter ones
 * (from {@link MIN_WORD_REDACTED_LENGTH}) only as a whole word, so that a 4-digit PIN does not
 * mangle every number that contains it.
 */

/** Secrets this long or longer are redacted wherever they occur. */
export const MIN_REDACTED_LENGTH = 6;
/** Shorter secrets, down to this length, are redacted where they stand alone (between non-alphanumerics). */
export const MIN_WORD_REDACTED_LENGTH = 3;
export const REDACTED = '[REDACTED]';

/** The forms of `secret` an upstream may echo, longest first, each once. */
export function secretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const unicodeEscaped = json.replace(/[^\x20-\x7e]|[<>&'=/]/g, (c) => (c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  const slashEscaped = json.replace(/\//g, '\\/');
  const percent = encodeURIComponent(secret);
  const form = percent.replace(/%20/g, '+');
  const percentLower = percent.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const base64Url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const hex = Buffer.from(secret, 'utf8').toString('hex');
  const forms = [secret, json, unicodeEscaped, slashEscaped, percent, form, percentLower, base64, base64.replace(/=+$/, ''), base64Url, hex, hex.toUpperCase()];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Replaces every secret (in every form of {@link secretForms}) in `text` with {@link REDACTED}. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_REDACTED_LENGTH) {
      for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join(REDACTED);
    } else if (secret.length >= MIN_WORD_REDACTED_LENGTH) {
      for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
        if (!out.includes(form)) continue;
        const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        out = out.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), REDACTED);
      }
    }
  }
  return out;
}
