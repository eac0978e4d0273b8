/**
 * How the tools are cut into part files (`data/tools/part-*.json`, `src/tools/part-*.gen.ts`,
 * `src/client/types/part-*.gen.ts`, `src/client/definitions/part-*.gen.ts`: the same parts for all).
 *
 * Users regenerate the package in CI and commit it, so one operation added or removed must change
 * one part, not move every later part's boundary. The boundaries depend on the tools, not their
 * positions (content-defined chunking, as in rsync or restic): in tools/list order, a tool whose
 * name hashes (nameHash) to 0 modulo BOUNDARY_DIVISOR starts a new part once the current part
 * holds MIN_PART_TOOLS tools; a part reaching MAX_PART_TOOLS ends there whatever the hashes.
 *
 * A part holds about MIN_PART_TOOLS + BOUNDARY_DIVISOR = 100 tools on average: about as many files
 * as with the fixed 100 tools a part before (GitHub's 1,223 tools: 14 parts instead of 13,
 * Microsoft Graph's 11,422: 118 instead of 115, Stripe's 452: 5 as before). The minimum makes a
 * boundary depend on the previous one (a tool removed can bring the next boundary under it, and
 * two parts join): a small minimum keeps that rare, about 1 edit in BOUNDARY_DIVISOR.
 *
 * A part is named after its first tool (the first part: FIRST_PART), so a part inserted or removed
 * before it renames no other.
 */

/** Fewer tools than this never end a part (but the last). */
export const MIN_PART_TOOLS = 20;
/** One tool name in this many starts a part (once the part holds MIN_PART_TOOLS). */
export const BOUNDARY_DIVISOR = 80;
/** No part holds more tools: bounded files keep tsc fast on the client types. */
export const MAX_PART_TOOLS = 300;
/**
 * The first part's name: it starts at the first tool whatever that is, so an operation added before
 * all others (or the first one removed) renames no file.
 */
export const FIRST_PART = 'part-first';
/** Longest part name taken from a tool name (before a `-2` … that keeps names distinct). */
const MAX_NAME_LENGTH = 40;

/** A part: its name (`part-…`, the file name without extension) and its tools `start` ≤ i < `end`. */
export interface ToolPart {
  name: string;
  start: number;
  end: number;
}

/**
 * A fixed hash of `name`, the same on every run and machine: FNV-1a (32 bits) of its UTF-16 code
 * units, then MurmurHash3's finalizer, which spreads names that differ in their last characters
 * (`x_get`, `x_list`) over the whole range before the modulo.
 */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Whether the tool named `name` starts a new part (when the current part is long enough). */
export function startsPart(name: string): boolean {
  return nameHash(name) % BOUNDARY_DIVISOR === 0;
}

/**
 * The parts of tools named `names` (in tools/list order), covering them all, in order; one empty
 * part when there are no tools (the packages import at least one).
 */
export function toolParts(names: readonly string[]): ToolPart[] {
  const parts: ToolPart[] = [];
  const used = new Set<string>([FIRST_PART]);
  let start = 0;
  const cut = (end: number): void => {
    parts.push({ name: start === 0 ? FIRST_PART : partName(names[start]!, used), start, end });
    start = end;
  };
  for (let i = 1; i < names.length; i++) {
    const length = i - start;
    if (length >= MAX_PART_TOOLS || (length >= MIN_PART_TOOLS && startsPart(names[i]!))) cut(i);
  }
  cut(names.length);
  return parts;
}

/**
 * `part-<first tool's name>`: lower case, runs of other characters than a-z and 0-9 as one `-`, at
 * most MAX_NAME_LENGTH characters (cut after a whole word when there is one); `-2`, `-3` … after a
 * name taken already. Valid and distinct on every file system (case-insensitive ones too), and
 * `-` → `_` makes an identifier of it.
 */
function partName(tool: string, used: Set<string>): string {
  const words = tool.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  let cut = words.slice(0, MAX_NAME_LENGTH);
  if (words.length > MAX_NAME_LENGTH && words[MAX_NAME_LENGTH] !== '-' && cut.includes('-')) cut = cut.slice(0, cut.lastIndexOf('-'));
  const base = `part-${cut.replace(/-+$/, '') || 'tool'}`;
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
  used.add(name);
  return name;
}

/** An identifier for `part` (`part-meta-root` → `part_meta_root`), distinct for distinct parts. */
export function partIdentifier(part: string): string {
  return part.replace(/-/g, '_');
}

/** The name of the part holding each tool, by tool index. */
export function partOfEachTool(parts: readonly ToolPart[]): string[] {
  const names: string[] = [];
  for (const part of parts) for (let i = part.start; i < part.end; i++) names.push(part.name);
  return names;
}
