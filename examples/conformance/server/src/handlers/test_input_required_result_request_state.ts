import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

const confirm = input.elicit({
  message: "Please confirm",
  requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
});

/**
 * input-required-result-request-state: round 1 asks with a state; round 2 answers "state-ok" only
 * when the state came back (verified and opened by the runtime: ctx.state is what round 1 gave).
 */
export default async function (_args: Args<"test_input_required_result_request_state">, ctx: HandlerContext): Promise<Output<"test_input_required_result_request_state">> {
  const state = ctx.state as { round?: number } | undefined;
  if (state?.round !== 1) return ctx.inputRequired({ confirm }, { round: 1 });
  const answer = inputResponse(ctx.inputResponses, "confirm");
  if (answer.kind !== "elicit") return ctx.inputRequired({ confirm }, { round: 1 });
  return `state-ok: the requestState of round 1 came back intact (answer: ${answer.action})`;
}
