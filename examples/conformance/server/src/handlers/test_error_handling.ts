import { ToolError, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** tools-call-error: an expected failure becomes an isError result with this message. */
export default async function (_args: Args<"test_error_handling">, _ctx: HandlerContext): Promise<Output<"test_error_handling">> {
  throw new ToolError("This tool intentionally returns an error for testing");
}
