// Your customizations of this MCP server.
//
// openapi-mcp created this file once and never overwrites it: edit it freely and commit it. Every
// hook is optional; as created, this file changes nothing. src/main.ts passes `hooks` to the
// server, and `npm run build` compiles it with the rest. The types, with every field explained,
// are in src/runtime/hooks.gen.ts.
//
// - beforeRequest(ctx): runs before each upstream request, after the arguments were validated and
//   the request was built, before credentials are added. Change ctx.request (method, url, headers,
//   cookies, body) in place, or return a replacement.
// - auth(ctx): adds the credentials instead of the environment variables listed in README.md.
//   Use ctx.setHeader / ctx.setQueryParameter / ctx.secret for anything secret, so the server can
//   keep it out of results and messages; ctx.useEnvironmentCredentials() adds the usual ones.
// - afterResponse(ctx): sees the upstream's response (ctx.response) before it becomes the tool
//   result. Return nothing for the usual result, a new Response, or a result of your own
//   (ctx.toResult() gives the usual one to adjust).
// - tools: per-tool changes of name, title, description and annotations (hints), keyed by the
//   generated tool name (see README.md). Applied once at start-up; a problem is reported on stderr.
//
// A hook that throws fails only that call: the client gets an error naming the hook and the
// error's message, and the server logs it on stderr. You are responsible for what your hooks log,
// throw or return: keep credentials out of them.
import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { defineHooks } from './runtime/hooks.gen.js';

/**
 * input-required-result-non-tool-request: a prompt of our own (extendServer), which asks for its
 * context with input_required on prompts/get before it answers.
 */
export const hooks = defineHooks({
  extendServer(server) {
    server.registerPrompt('test_input_required_result_prompt', { description: 'A prompt that asks which context to use.' }, async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_context');
      const context = answer.kind === 'elicit' && answer.action === 'accept' ? answer.content?.['context'] : undefined;
      if (typeof context !== 'string') {
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              message: 'What context should the prompt use?',
              requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
            }),
          },
        });
      }
      return { messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }] };
    });
  },
});
