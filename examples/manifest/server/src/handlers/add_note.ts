import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { notes } from "../store/notes.js";

/** Stores the note; the result is checked against the Note schema and sent as structuredContent. */
export default async function (args: Args<"add_note">, ctx: HandlerContext): Promise<Output<"add_note">> {
  const note = notes.add(args.text, args.tags ?? []);
  ctx.log.info(`added note ${note.id}`);
  return note;
}
