import { ToolError, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";
import { notes } from "../store/notes.js";

/** No output schema: the string becomes one text block. */
export default async function (args: Args<"delete_note">, _ctx: HandlerContext): Promise<Output<"delete_note">> {
  if (!notes.delete(args.id)) throw new ToolError(`There is no note ${args.id}.`);
  return `Deleted note ${args.id}.`;
}
