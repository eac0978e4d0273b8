/**
 * Counting a tools/list's tokens on two threads at once: the tools are claimed a batch at a time
 * from one shared counter (`Atomics.add` on a SharedArrayBuffer), so whichever thread is free
 * counts, and every tool is counted exactly once. Each thread counts with its own memoizing
 * counter; a tool's count does not depend on which one (token-chunks.ts), so the result is the
 * same however the tools were shared.
 */
import { summarizeToolList, toolCost, wrapperTokens, type CountTokens, type ToolCost, type ToolListCost } from '../report/token-cost.js';
import type { SideWorkInput } from './side-work.js';

/** Tools claimed at a time: few enough that both threads end together, enough that claiming costs nothing. */
const BATCH = 16;

/** Positions and their costs, as one thread counted them. */
export type CountedTools = [position: number, cost: ToolCost][];

export function newClaims(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Counts batches claimed from `claims` until none is left. */
export function claimAndCount(input: SideWorkInput, claims: Int32Array, count: CountTokens): CountedTools {
  const { definitions, toolsets } = input;
  const counted: CountedTools = [];
  for (let start = Atomics.add(claims, 0, BATCH); start < definitions.length; start = Atomics.add(claims, 0, BATCH)) {
    const end = Math.min(definitions.length, start + BATCH);
    for (let i = start; i < end; i++) counted.push([i, toolCost(definitions[i]!, count, toolsets[i])]);
  }
  return counted;
}

/** The whole list's cost from every tool's, whichever thread counted it. */
export function costOf(input: SideWorkInput, counted: CountedTools, count: CountTokens): ToolListCost {
  const perTool: ToolCost[] = new Array<ToolCost>(input.definitions.length);
  for (const [position, cost] of counted) perTool[position] = cost;
  for (let i = 0; i < perTool.length; i++) if (perTool[i] === undefined) throw new Error(`side work: tool ${i} was not counted`);
  return summarizeToolList(perTool, wrapperTokens(count), { toolsets: true });
}
