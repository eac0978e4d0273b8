/**
 * Spec text printed on a terminal must not carry control characters (escape sequences) nor bidi
 * and invisible formatting characters (a U+202E turns the rest of a line around; Unicode tag
 * characters U+E0000–E007F spell hidden ASCII), nor line and paragraph separators: each is shown
 * as `\uXXXX` (`\u{e0041}` beyond the BMP). Format characters (Cf) are all of them, with the
 * invisible variation selectors 17–256 (U+E0100–E01EF) the map stage removes too.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u{e0100}-\u{e01ef}]/gu;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
