import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** input-required-result-basic-list-roots: asks for the client's roots, then names them. */
export default async function (_args: Args<"test_input_required_result_list_roots">, ctx: HandlerContext): Promise<Output<"test_input_required_result_list_roots">> {
  const answer = inputResponse(ctx.inputResponses, "client_roots");
  if (answer.kind !== "roots") return ctx.inputRequired({ client_roots: input.listRoots() });
  return `The client has ${answer.roots.length} root(s): ${answer.roots.map((root) => root.uri).join(", ")}`;
}
