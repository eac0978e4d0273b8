import type { Args, HandlerContext, Output } from "../handler-types.gen.js";

/** tools-call-embedded-resource: an embedded text resource. */
export default async function (_args: Args<"test_embedded_resource">, _ctx: HandlerContext): Promise<Output<"test_embedded_resource">> {
  return {
    content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
  };
}
