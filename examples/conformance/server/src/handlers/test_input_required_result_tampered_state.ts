import { input, inputResponse, type Args, type HandlerContext, type Output } from "../handler-types.gen.js";

/**
 * input-required-result-tampered-state: round 1 asks with a state; a retry whose requestState was
 * altered never reaches this handler (the runtime's HMAC check answers -32602).
 */
export default async function (_args: Args<"test_input_required_result_tampered_state">, ctx: HandlerContext): Promise<Output<"test_input_required_result_tampered_state">> {
  if (ctx.state === undefined) {
    return ctx.inputRequired({ confirm: input.elicit({ message: "Please confirm", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } }) }, { round: 1 });
  }
  return "state verified";
}
