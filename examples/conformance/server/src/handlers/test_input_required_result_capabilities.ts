import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** input-required-result-capability-check: a form when the client can show one, else its model, else nothing. */
export default async function (_args: Args<"test_input_required_result_capabilities">, ctx: HandlerContext): Promise<Output<"test_input_required_result_capabilities">> {
  const form = inputResponse(ctx.inputResponses, "name");
  const sampled = inputResponse(ctx.inputResponses, "suggestion");
  if (form.kind === "elicit" || sampled.kind === "sampling") return "Thanks for the answer.";
  if (ctx.canAsk("elicitation")) {
    return ctx.inputRequired({ name: input.elicit({ message: "What is your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }) });
  }
  if (ctx.canAsk("sampling")) {
    return ctx.inputRequired({ suggestion: input.createMessage({ messages: [{ role: "user", content: { type: "text", text: "Suggest a name" } }], maxTokens: 20 }) });
  }
  return "This client can answer no questions.";
}
