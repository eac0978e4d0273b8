import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { SILENT_WAV } from "../media/samples.js";

/** tools-call-audio: an audio content block. */
export default async function (_args: Args<"test_audio_content">, _ctx: HandlerContext): Promise<Output<"test_audio_content">> {
  return { content: [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }] };
}
