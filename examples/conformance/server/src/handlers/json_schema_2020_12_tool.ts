import type { Args, HandlerContext, Output } from "../handler-types.gen.js";

/** json-schema-2020-12: the scenario only lists the tool; a call echoes whom it would contact. */
export default async function (args: Args<"json_schema_2020_12_tool">, _ctx: HandlerContext): Promise<Output<"json_schema_2020_12_tool">> {
  const via = args.contactMethod === "phone" ? `phone ${args.phone ?? ""}` : `email ${args.email ?? ""}`;
  return `Would contact ${args.name ?? "someone"} by ${via}.`;
}
