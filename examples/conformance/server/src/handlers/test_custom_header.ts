import type { Args, HandlerContext, Output } from "../handler-types.gen.js";

/** http-custom-header-server-validation: the SDK has checked Mcp-Param-Region against the body before this runs. */
export default async function (args: Args<"test_custom_header">, _ctx: HandlerContext): Promise<Output<"test_custom_header">> {
  return { region: args.region };
}
