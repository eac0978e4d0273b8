import type { Args, HandlerContext, Output } from "../handler-types.gen.js";
import { notes } from "../store/notes.js";

/** A CallToolResult built by hand: a text block and the notes as an embedded Markdown resource. */
export default async function (_args: Args<"export_notes">, ctx: HandlerContext): Promise<Output<"export_notes">> {
  const all = notes.list();
  const markdown = all.map((n) => `## Note ${n.id}\n\n${n.text}\n`).join("\n");
  await ctx.progress(all.length, all.length, "exported");
  return {
    content: [
      { type: "text", text: `${all.length} note${all.length === 1 ? "" : "s"} exported.` },
      { type: "resource", resource: { uri: "notes://export.md", mimeType: "text/markdown", text: markdown } },
    ],
  };
}
