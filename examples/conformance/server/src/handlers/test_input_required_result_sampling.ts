import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** input-required-result-basic-sampling: one sampling request, then the model's answer. */
export default async function (_args: Args<"test_input_required_result_sampling">, ctx: HandlerContext): Promise<Output<"test_input_required_result_sampling">> {
  const answer = inputResponse(ctx.inputResponses, "capital_question");
  if (answer.kind !== "sampling") {
    return ctx.inputRequired({
      capital_question: input.createMessage({ messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }], maxTokens: 100 }),
    });
  }
  const blocks = [answer.result.content].flat() as Array<{ type: string; text?: string }>;
  return `The model answered: ${blocks.map((block) => block.text ?? "").join("")}`;
}
