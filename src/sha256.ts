import { hash } from 'node:crypto';

/**
 * sha256 of a string (as UTF-8) or bytes, in hex. The one-shot `crypto.hash` (Node >= 21.7): four
 * times faster than `createHash().update().digest()` for the thousands of short strings a large
 * spec's tool summaries hash, same result.
 */
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}
