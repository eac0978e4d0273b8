import { ToolError, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";
import { notes } from "../store/notes.js";

export default async function (args: Args<"get_note">, _ctx: HandlerContext): Promise<Output<"get_note">> {
  const note = notes.get(args.id);
  if (note === undefined) throw new ToolError(`There is no note ${args.id}.`);
  return note;
}
