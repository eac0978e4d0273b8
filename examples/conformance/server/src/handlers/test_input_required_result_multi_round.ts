import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/** input-required-result-multi-round: name, then colour (the state carries the name), then the answer. */
export default async function (_args: Args<"test_input_required_result_multi_round">, ctx: HandlerContext): Promise<Output<"test_input_required_result_multi_round">> {
  const state = ctx.state as { step: 1 } | { step: 2; name: string } | undefined;
  if (state === undefined) {
    return ctx.inputRequired({ step1: input.elicit({ message: "Step 1: What is your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }) }, { step: 1 });
  }
  if (state.step === 1) {
    const answer = inputResponse(ctx.inputResponses, "step1");
    const name = answer.kind === "elicit" ? String(answer.content?.["name"] ?? "") : "";
    return ctx.inputRequired({ step2: input.elicit({ message: "Step 2: What is your favorite color?", requestedSchema: { type: "object", properties: { color: { type: "string" } }, required: ["color"] } }) }, { step: 2, name });
  }
  const answer = inputResponse(ctx.inputResponses, "step2");
  return `${state.name}'s favorite color is ${answer.kind === "elicit" ? String(answer.content?.["color"] ?? "") : "unknown"}`;
}
