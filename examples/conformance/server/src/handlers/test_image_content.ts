import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { RED_PIXEL_PNG } from "../media/samples.js";

/** tools-call-image: an image content block. */
export default async function (_args: Args<"test_image_content">, _ctx: HandlerContext): Promise<Output<"test_image_content">> {
  return { content: [{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }] };
}
