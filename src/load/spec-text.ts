import { isAscii } from 'node:buffer';
import { parseDocument } from './parse-document.js';

/**
 * A spec file's bytes → its text and parsed document, exactly as `parseDocument(bytes.toString('utf8'))`
 * would give them, faster for JSON.
 *
 * Decoding UTF-8 and parsing the result are most of loading a big JSON spec, and one non-ASCII
 * character makes the whole text two bytes per character (GitHub's 13 MB hold 140 such bytes).
 * So a JSON file is read as ASCII: the bytes as Latin-1 (a copy), each run of non-ASCII bytes
 * (inside strings: anywhere else is a syntax error) replaced by `\uXXXX` escapes of what it
 * decodes to. `JSON.parse` gives the same values from that text, with less work. The returned
 * text is that ASCII text; what later reads it (`isJsonText`, `mayHaveExternalRefs`) answers the
 * same for it. Whatever this cannot vouch for goes the plain way, errors included:
 * - a file that does not start like JSON (YAML), after an optional BOM and ASCII whitespace;
 * - a non-ASCII run right after an odd number of backslashes (an invalid escape in the original,
 *   which the escape would turn into a valid `\\`);
 * - a text `JSON.parse` refuses (the plain way then reports where, in the original text).
 */
export function parseSpecBytes(bytes: Buffer, display: string): { text: string; document: unknown } {
  const ascii = startsLikeJson(bytes) ? asciiJsonText(bytes) : undefined;
  if (ascii !== undefined) {
    try {
      return { text: ascii, document: JSON.parse(ascii) };
    } catch {
      // reported below, as the original text would be
    }
  }
  const text = bytes.toString('utf8');
  return { text, document: parseDocument(text, display) };
}

const BOM = [0xef, 0xbb, 0xbf];

function bomLength(bytes: Buffer): number {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0;
}

/** `{` after an optional BOM and ASCII whitespace: then `isJsonText` holds for the decoded text too. */
function startsLikeJson(bytes: Buffer): boolean {
  for (let i = bomLength(bytes); i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x7b) return true;
    if (b !== 0x20 && (b < 0x09 || b > 0x0d)) return false;
  }
  return false;
}

/** How many bytes `isAscii` checks at a time before a chunk with non-ASCII bytes is searched byte by byte. */
const CHUNK = 4096;

/** The text with every non-ASCII run escaped (BOM left out), or undefined when that could change its meaning. */
function asciiJsonText(bytes: Buffer): string | undefined {
  const start = bomLength(bytes);
  const parts: string[] = [];
  let copied = start;
  for (let chunk = start; chunk < bytes.length; chunk += CHUNK) {
    const end = Math.min(chunk + CHUNK, bytes.length);
    if (isAscii(bytes.subarray(chunk, end))) continue;
    for (let i = Math.max(chunk, copied); i < end; i++) {
      if (bytes[i]! < 0x80) continue;
      let runEnd = i + 1;
      while (runEnd < bytes.length && bytes[runEnd]! >= 0x80) runEnd++;
      if (escapedByBackslash(bytes, i)) return undefined;
      parts.push(bytes.toString('latin1', copied, i), escapeNonAscii(bytes.toString('utf8', i, runEnd)));
      copied = runEnd;
      i = runEnd - 1;
    }
  }
  parts.push(bytes.toString('latin1', copied, bytes.length));
  return parts.join('');
}

/** Whether an odd number of backslashes stands right before `at`. */
function escapedByBackslash(bytes: Buffer, at: number): boolean {
  let n = 0;
  for (let k = at - 1; k >= 0 && bytes[k] === 0x5c; k--) n++;
  return n % 2 === 1;
}

function escapeNonAscii(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
