#!/usr/bin/env node
// Part of `npm run build`: dist/tokenizer/o200k_base.bin, gpt-tokenizer's o200k_base vocabulary as
// a ready-made hash table that src/report/token-table.ts reads in a few milliseconds (building
// gpt-tokenizer's own Map of 200,000 strings costs ~100-250 ms of every run that counts tokens).
// Same vocabulary, same ranks; the counts are checked equal to gpt-tokenizer's in
// test/report/token-table.test.ts.
//
// Layout, little-endian: 'O2TB', version (u32), ranks N (u32), slots M (u32, a power of two),
// byte length L (u32); offsets (u32 × (N + 1): token r is bytes[offsets[r], offsets[r + 1]));
// slots (i32 × M: a rank or -1, open addressing, linear probing, FNV-1a of the token's bytes);
// bytes (L).
//
// Which byte strings have a rank is exactly what gpt-tokenizer looks up: a token stored as a
// string by its UTF-8 bytes; a token stored as bytes only when they are not valid UTF-8
// (gpt-tokenizer decodes valid UTF-8 and looks the string up, so such a token is never found).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bpe from 'gpt-tokenizer/bpeRanks/o200k_base';
import { tryConvertToString } from 'gpt-tokenizer/utfUtil';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/tokenizer/o200k_base.bin');

const encoder = new TextEncoder();
const tokens = bpe.map((value) => {
  if (typeof value === 'string') return encoder.encode(value);
  const bytes = Uint8Array.from(value);
  return tryConvertToString(bytes) === undefined ? bytes : undefined;
});
const n = tokens.length;
let slots = 1;
while (slots < n * 2) slots *= 2;
const length = tokens.reduce((sum, t) => sum + (t?.length ?? 0), 0);
const header = 5 * 4;
const buffer = new ArrayBuffer(header + (n + 1) * 4 + slots * 4 + length);
const view = new DataView(buffer);
[0x4254324f, 1, n, slots, length].forEach((v, i) => view.setUint32(i * 4, v, true));
const offsets = new Uint32Array(buffer, header, n + 1);
const table = new Int32Array(buffer, header + (n + 1) * 4, slots).fill(-1);
const bytes = new Uint8Array(buffer, header + (n + 1) * 4 + slots * 4, length);

let at = 0;
tokens.forEach((token, rank) => {
  offsets[rank] = at;
  if (token === undefined) return;
  bytes.set(token, at);
  at += token.length;
  let h = 0x811c9dc5;
  for (const b of token) h = Math.imul(h ^ b, 0x01000193);
  for (let slot = h & (slots - 1); ; slot = (slot + 1) & (slots - 1)) {
    if (table[slot] === -1) {
      table[slot] = rank;
      break;
    }
    const other = tokens[table[slot]];
    if (other.length === token.length && other.every((b, i) => b === token[i])) throw new Error(`two ranks for the same bytes: ${table[slot]} and ${rank}`);
  }
});
offsets[n] = at;
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, new Uint8Array(buffer));
