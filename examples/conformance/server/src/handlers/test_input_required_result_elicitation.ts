import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

const askName = input.elicit({
  message: "What is your name?",
  requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
});

/**
 * input-required-result-basic-elicitation (and -missing-input-response, -result-type,
 * -validate-input, -ignore-extra-params): asks for a name until an accepted answer with a string
 * name comes back; other keys, wrong shapes and a missing answer are asked again.
 */
export default async function (_args: Args<"test_input_required_result_elicitation">, ctx: HandlerContext): Promise<Output<"test_input_required_result_elicitation">> {
  const answer = inputResponse(ctx.inputResponses, "user_name");
  const name = answer.kind === "elicit" && answer.action === "accept" ? answer.content?.["name"] : undefined;
  if (typeof name !== "string") return ctx.inputRequired({ user_name: askName });
  return `Hello, ${name}!`;
}
