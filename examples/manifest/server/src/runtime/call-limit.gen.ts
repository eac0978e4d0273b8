/**
 * At most {@link MAX_CONCURRENT_TOOL_CALLS} tool calls talk to the upstream at once; the others
 * wait their turn (in order). Each call may buffer an upstream answer up to the body cap of
 * result.gen.ts, so this bounds what a batch or many clients can make the server hold.
 */
import type { ToolCaller } from './call-tool.gen.js';

export const MAX_CONCURRENT_TOOL_CALLS = 8;

export function limitConcurrency(call: ToolCaller, max: number = MAX_CONCURRENT_TOOL_CALLS): ToolCaller {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    // A finished call hands its slot to the next waiter directly, so no newcomer can slip in between.
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await call(...args);
    } finally {
      const next = waiting.shift();
      if (next !== undefined) next();
      else running--;
    }
  };
}
