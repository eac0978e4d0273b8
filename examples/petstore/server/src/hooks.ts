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
import { defineHooks } from './runtime/hooks.gen.js';

export const hooks = defineHooks({
  // beforeRequest(ctx) {
  //   ctx.request.headers.set('X-Request-Source', 'mcp');
  // },
  //
  // auth(ctx) {
  //   // Every call, whatever the spec declares; .env is read at start, so MY_API_TOKEN may be set there.
  //   const token = process.env.MY_API_TOKEN;
  //   if (token === undefined || token === '') throw new Error('set MY_API_TOKEN');
  //   ctx.setHeader('Authorization', `Bearer ${token}`);
  // },
  //
  // async afterResponse(ctx) {
  //   if (ctx.response.status === 404) {
  //     return { content: [{ type: 'text', text: `Nothing found for ${ctx.tool}.` }] };
  //   }
  //   return undefined; // the usual result
  // },
  //
  // tools: {
  //   someGeneratedName: {
  //     name: 'better_name',
  //     description: 'What the model should know about this tool.',
  //     annotations: { readOnlyHint: true },
  //   },
  // },
});
