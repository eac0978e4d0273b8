import type { Args, HandlerContext, Output } from "../handler-types.gen.js";

/** tools-call-simple-text: a string becomes one text block. */
export default async function (_args: Args<"test_simple_text">, _ctx: HandlerContext): Promise<Output<"test_simple_text">> {
  return "This is a simple text response for testing.";
}
