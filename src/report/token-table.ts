/**
 * o200k_base token counts from gpt-tokenizer's vocabulary as a ready-made table
 * (dist/tokenizer/o200k_base.bin, written by scripts/build-token-table.mjs at `npm run build`):
 * reading it takes a few milliseconds, where gpt-tokenizer builds a Map of its 200,000 tokens
 * (~100-250 ms of every run that counts). The text is split with gpt-tokenizer's own o200k
 * pattern and each piece counted as gpt-tokenizer's `countTokens` counts it as ordinary text: one
 * token when the piece is in the vocabulary, else the parts left by byte-pair merging, lowest
 * rank first, leftmost on ties. test/report/token-table.test.ts checks the counts equal
 * gpt-tokenizer's. Without the table (sources run before a build) `loadTableCounter` gives
 * `undefined` and the caller uses gpt-tokenizer itself.
 */
import { readFileSync } from 'node:fs';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { CountTokens } from './token-cost.js';

const TABLE_URL = new URL('../../dist/tokenizer/o200k_base.bin', import.meta.url);
const MAGIC = 0x4254324f;
const HEADER = 5 * 4;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

interface Table {
  offsets: Uint32Array;
  slots: Int32Array;
  mask: number;
  bytes: Uint8Array;
}

/** The table once read (`null`: absent or not this version's): it never changes within a process. */
let read: Table | null | undefined;

function readTable(): Table | undefined {
  if (read === undefined) read = readTableFile() ?? null;
  return read ?? undefined;
}

function readTableFile(): Table | undefined {
  let file: Buffer;
  try {
    file = readFileSync(TABLE_URL);
  } catch {
    return undefined;
  }
  // A copy aligned for the typed arrays (a Buffer may start anywhere in its pool).
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const view = new DataView(buffer);
  if (buffer.byteLength < HEADER || view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 1) return undefined;
  const n = view.getUint32(8, true);
  const m = view.getUint32(12, true);
  const length = view.getUint32(16, true);
  if (buffer.byteLength !== HEADER + (n + 1) * 4 + m * 4 + length) return undefined;
  return {
    offsets: new Uint32Array(buffer, HEADER, n + 1),
    slots: new Int32Array(buffer, HEADER + (n + 1) * 4, m),
    mask: m - 1,
    bytes: new Uint8Array(buffer, HEADER + (n + 1) * 4 + m * 4, length),
  };
}

/** The counter, or `undefined` when the table is absent or not this version's. */
export function loadTableCounter(): CountTokens | undefined {
  const table = readTable();
  if (table === undefined) return undefined;
  const { offsets, slots, mask, bytes } = table;
  const split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags);
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(256);

  /** The rank of `data[start, end)`, or -1. */
  const rankOf = (data: Uint8Array, start: number, end: number): number => {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
    const size = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const rank = slots[slot]!;
      if (rank === -1) return -1;
      const at = offsets[rank]!;
      if (offsets[rank + 1]! - at !== size) continue;
      let same = true;
      for (let i = 0; i < size; i++) {
        if (bytes[at + i] !== data[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return rank;
    }
  };

  /** The parts byte-pair merging leaves of `data[0, size)` (gpt-tokenizer's bytePairMerge, counted). */
  const mergedParts = (data: Uint8Array, size: number): number => {
    const starts: number[] = [];
    const ranks: number[] = [];
    const pairRank = (i: number): number => {
      const end = starts[i + 2];
      if (end === undefined) return Infinity;
      const rank = rankOf(data, starts[i]!, end);
      return rank === -1 ? Infinity : rank;
    };
    for (let i = 0; i <= size; i++) starts.push(i);
    for (let i = 0; i <= size; i++) ranks.push(i < size - 1 ? pairRank(i) : Infinity);
    while (starts.length > 1) {
      let lowest = Infinity;
      let at = -1;
      for (let i = 0; i < ranks.length - 1; i++) {
        if (ranks[i]! < lowest) {
          lowest = ranks[i]!;
          at = i;
        }
      }
      if (lowest === Infinity || at === -1) break;
      starts.splice(at + 1, 1);
      ranks.splice(at, 1);
      ranks[at] = pairRank(at);
      if (at > 0) ranks[at - 1] = pairRank(at - 1);
    }
    return starts.length - 1;
  };

  const countPiece = (piece: string): number => {
    const n = piece.length;
    let ascii = true;
    for (let i = 0; i < n; i++) {
      if (piece.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
    let size: number;
    if (ascii) {
      if (scratch.length < n) scratch = new Uint8Array(n * 2);
      for (let i = 0; i < n; i++) scratch[i] = piece.charCodeAt(i);
      size = n;
    } else {
      if (scratch.length < n * 3) scratch = new Uint8Array(n * 6);
      size = encoder.encodeInto(piece, scratch).written;
      // A lone surrogate is never a vocabulary string (gpt-tokenizer looks pieces up as strings).
      if (LONE_SURROGATE.test(piece)) return mergedParts(scratch, size);
    }
    if (rankOf(scratch, 0, size) !== -1) return 1;
    return mergedParts(scratch, size);
  };

  return (text) => {
    let total = 0;
    split.lastIndex = 0;
    for (let match = split.exec(text); match !== null; match = split.exec(text)) {
      if (match[0] === '') split.lastIndex += 1;
      else total += countPiece(match[0]);
    }
    return total;
  };
}
