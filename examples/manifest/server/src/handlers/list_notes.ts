import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { notes } from "../store/notes.js";

/** The output schema is an array, so the client receives it wrapped as { result: [...] }; the handler returns the array. */
export default async function (args: Args<"list_notes">, _ctx: HandlerContext): Promise<Output<"list_notes">> {
  return notes.list(args.tag);
}
