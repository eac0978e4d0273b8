import type { Args, HandlerContext, Output } from "../handler-types.gen.js";

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });

/** tools-call-with-progress: progress 0, 50 and 100 of 100 (sent only when the client asked for progress). */
export default async function (_args: Args<"test_tool_with_progress">, ctx: HandlerContext): Promise<Output<"test_tool_with_progress">> {
  await ctx.progress(0, 100);
  await pause(50, ctx.signal);
  await ctx.progress(50, 100);
  await pause(50, ctx.signal);
  await ctx.progress(100, 100);
  return "Progress test completed.";
}
