import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** input-required-result-multiple-input-requests: a form, a sampling request and roots in one round. */
export default async function (_args: Args<"test_input_required_result_multiple_inputs">, ctx: HandlerContext): Promise<Output<"test_input_required_result_multiple_inputs">> {
  const name = inputResponse(ctx.inputResponses, "user_name");
  const greeting = inputResponse(ctx.inputResponses, "greeting");
  const roots = inputResponse(ctx.inputResponses, "client_roots");
  if (name.kind !== "elicit" || greeting.kind !== "sampling" || roots.kind !== "roots") {
    return ctx.inputRequired(
      {
        user_name: input.elicit({ message: "What is your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }),
        greeting: input.createMessage({ messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }], maxTokens: 50 }),
        client_roots: input.listRoots(),
      },
      { round: 1 },
    );
  }
  const text = ([greeting.result.content].flat() as Array<{ text?: string }>).map((block) => block.text ?? "").join("");
  return `${text} ${String(name.content?.["name"] ?? "")} (${roots.roots.length} root(s))`;
}
