import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { RED_PIXEL_PNG } from "../media/samples.js";

/** tools-call-mixed-content: text, image and an embedded resource in one result. */
export default async function (_args: Args<"test_multiple_content_types">, _ctx: HandlerContext): Promise<Output<"test_multiple_content_types">> {
  return {
    content: [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
    ],
  };
}
