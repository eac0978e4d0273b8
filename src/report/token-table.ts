/**
 * o200k_base token counts from gpt-tokenizer's vocabulary as a ready-made table
 * (dist/tokenizer/o200k_base.bin, written by scripts/build-token-table.mjs at `npm run build`):
 * reading it takes a few milliseconds, where gpt-tokenizer builds a Map of its 200,000 tokens
 * (~100-250 ms of every run that counts). The text is split where gpt-tokenizer's own o200k
 * pattern splits it (found by hand, token-split.ts: compiling the pattern alone costs ~100 M
 * instructions) and each piece counted as gpt-tokenizer's `countTokens` counts it as ordinary text: one
 * token when the piece is in the vocabulary, else the parts left by byte-pair merging, lowest
 * rank first, leftmost on ties. test/report/token-table.test.ts checks the counts equal
 * gpt-tokenizer's. Without the table (sources run before a build) `loadTableCounter` gives
 * `undefined` and the caller uses gpt-tokenizer itself.
 */
import { readFileSync } from 'node:fs';
import type { CountTokens } from './token-cost.js';
import { asciiPieceEnd, codeUnits } from './token-split.js';
import { unicodePieceEnd } from './token-split-unicode.js';
import { mergedPartsWithHeap } from './byte-pair-heap.js';

const TABLE_URL = new URL('../../dist/tokenizer/o200k_base.bin', import.meta.url);
const MAGIC = 0x4254324f;
const HEADER = 5 * 4;
/** A pair rank above every rank. */
const NONE = 0x7fffffff;
/** Pieces longer than this (bytes) are merged with a heap (byte-pair-heap.ts): the scan is quadratic. */
const SCAN_MAX = 256;
/** Slots (a power of two, less one) and the longest piece (bytes) of countAsciiPiece's cache of merged counts. */
const CACHE_MASK = 4095;
const CACHE_WIDTH = 32;
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
  // The typed arrays need 4-byte alignment: a file this size gets a buffer of its own (offset 0),
  // used as it is; a Buffer that starts elsewhere in a pool is copied (1.5 ms for the 4 MB table).
  const aligned = file.byteOffset % 4 === 0;
  const buffer = aligned ? file.buffer : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  const base = aligned ? file.byteOffset : 0;
  const size = file.byteLength;
  const view = new DataView(buffer, base, size);
  if (size < HEADER || view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 1) return undefined;
  const n = view.getUint32(8, true);
  const m = view.getUint32(12, true);
  const length = view.getUint32(16, true);
  if (size !== HEADER + (n + 1) * 4 + m * 4 + length) return undefined;
  return {
    offsets: new Uint32Array(buffer, base + HEADER, n + 1),
    slots: new Int32Array(buffer, base + HEADER + (n + 1) * 4, m),
    mask: m - 1,
    bytes: new Uint8Array(buffer, base + HEADER + (n + 1) * 4 + m * 4, length),
  };
}

/** The counter, or `undefined` when the table is absent or not this version's. */
export function loadTableCounter(): CountTokens | undefined {
  const table = readTable();
  if (table === undefined) return undefined;
  const { offsets, slots, mask, bytes } = table;
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

  /** countAsciiPiece's cache of merged counts: per slot (by the piece's hash), a piece's bytes, its size (0: none) and its parts. */
  const cachedBytes = new Uint8Array((CACHE_MASK + 1) * CACHE_WIDTH);
  const cachedSize = new Uint8Array(CACHE_MASK + 1);
  const cachedParts = new Int32Array(CACHE_MASK + 1);

  /** Part boundaries and the rank of merging each part with the next (NONE: no such token), for mergedParts. */
  let bounds = new Int32Array(1024);
  let pairs = new Int32Array(1024);

  /**
   * The parts byte-pair merging leaves of `data[0, size)` (gpt-tokenizer's bytePairMerge, counted):
   * merge the pair of neighbouring parts with the lowest rank, leftmost on ties, until no pair has one.
   */
  const mergedParts = (data: Uint8Array, size: number): number => {
    if (size > SCAN_MAX) return mergedPartsWithHeap(size, (start, end) => rankOf(data, start, end));
    if (bounds.length <= size) {
      bounds = new Int32Array(size * 2 + 2);
      pairs = new Int32Array(size * 2 + 2);
    }
    let parts = size;
    for (let i = 0; i <= size; i++) bounds[i] = i;
    for (let i = 0; i < parts - 1; i++) {
      const rank = rankOf(data, i, i + 2);
      pairs[i] = rank === -1 ? NONE : rank;
    }
    while (parts > 1) {
      let lowest = NONE;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if (pairs[i]! < lowest) {
          lowest = pairs[i]!;
          at = i;
        }
      }
      if (at === -1) break;
      // Parts `at` and `at + 1` become one: drop the boundary between them and that pair's rank.
      for (let i = at + 1; i < parts; i++) bounds[i] = bounds[i + 1]!;
      for (let i = at + 1; i < parts - 2; i++) pairs[i] = pairs[i + 1]!;
      parts -= 1;
      if (at < parts - 1) {
        const rank = rankOf(data, bounds[at]!, bounds[at + 2]!);
        pairs[at] = rank === -1 ? NONE : rank;
      }
      if (at > 0) {
        const rank = rankOf(data, bounds[at - 1]!, bounds[at + 1]!);
        pairs[at - 1] = rank === -1 ? NONE : rank;
      }
    }
    return parts;
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

  /**
   * `countPiece(text.slice(start, end))` for an all-ASCII `text`, without the slice: its bytes are
   * its char codes. rankOf's lookup over a Uint16Array, kept apart from rankOf so that each function
   * reads one kind of typed array.
   */
  const countAsciiPiece = (text: Uint16Array, start: number, end: number): number => {
    const size = end - start;
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text[i]!, 0x01000193);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const rank = slots[slot]!;
      if (rank === -1) break;
      const at = offsets[rank]!;
      if (offsets[rank + 1]! - at !== size) continue;
      let same = true;
      for (let i = 0; i < size; i++) {
        if (bytes[at + i] !== text[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return 1;
    }
    // Not one token: merged, unless this piece's count is in its cache slot (the same pieces recur
    // in the distinct chunks, `"},"` 612 times in Stripe's: 5,487 merges, 1,929 distinct).
    const slot = h & CACHE_MASK;
    const at = slot * CACHE_WIDTH;
    if (size <= CACHE_WIDTH && cachedSize[slot] === size) {
      let same = true;
      for (let i = 0; i < size; i++) {
        if (cachedBytes[at + i] !== text[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return cachedParts[slot]!;
    }
    if (scratch.length < size) scratch = new Uint8Array(size * 2);
    for (let i = 0; i < size; i++) scratch[i] = text[start + i]!;
    const parts = mergedParts(scratch, size);
    if (size <= CACHE_WIDTH) {
      cachedBytes.set(scratch.subarray(0, size), at);
      cachedSize[slot] = size;
      cachedParts[slot] = parts;
    }
    return parts;
  };

  // Each piece where gpt-tokenizer's regex would cut it: found by hand (token-split.ts), with the
  // Unicode classes of its characters where deciding it reads a non-ASCII one (token-split-unicode.ts).
  // They read the text's UTF-16 code units from an array: its strings come in many representations
  // (sliced, flat, cons; one- and two-byte), so `text.charCodeAt` sites went megamorphic (a
  // generic property look-up per character, measured 123 M instructions on GitHub's counts).
  const counter = (text: string): number => {
    let total = 0;
    const n = text.length;
    const codes = codeUnits(text);
    for (let p = 0; p < n; ) {
      const end = asciiPieceEnd(codes, p, n);
      if (end !== -1) {
        total += countAsciiPiece(codes, p, end);
        p = end;
        continue;
      }
      const last = unicodePieceEnd(codes, p, n);
      total += countPiece(text.slice(p, last));
      p = last;
    }
    return total;
  };
  return counter;
}
