/**
 * Spec text printed on a terminal must not carry control characters (escape sequences) nor bidi
 * and invisible formatting characters (a U+202E turns the rest of a line around): each is shown as `\uXXXX`.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
