import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type RunningServer } from '../../templates/runtime/cli.gen.js';
import type { HandlerTable } from '../../templates/runtime/handler-call.gen.js';
import { input, inputResponse } from '../../templates/runtime/handler-context.gen.js';
import type { ToolEntry } from '../../templates/runtime/types.gen.js';
import { fixtureConfig } from './server-fixtures.js';

/**
 * Manifest handlers asking for input (ctx.inputRequired), end to end: `main` with handlers over
 * real HTTP, the official client answering elicitation, sampling and roots requests.
 */
const entry = (name: string, annotations: ToolEntry['definition']['annotations'] = { readOnlyHint: true }): ToolEntry => ({
  definition: { name, description: name, inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, additionalProperties: false }, annotations },
  binding: { kind: 'handler' },
});
const tools = [entry('greet'), entry('survey'), entry('everything'), entry('wipe', { readOnlyHint: false, destructiveHint: true })];

const nameForm = input.elicit({ message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });

const handlers: HandlerTable = {
  async greet(_args, ctx) {
    const answer = inputResponse(ctx.inputResponses, 'user_name');
    if (answer.kind !== 'elicit') return ctx.canAsk('elicitation') ? ctx.inputRequired({ user_name: nameForm }) : 'Hello, stranger!';
    if (answer.action !== 'accept') return 'Maybe later.';
    return `Hello, ${String(answer.content?.['name'])}!`;
  },
  async survey(args, ctx) {
    const state = ctx.state as { step: number; name?: string; topic?: string } | undefined;
    if (state === undefined) return ctx.inputRequired({ step1: nameForm }, { step: 1, topic: args.topic, secret: 'kept-on-the-server-side' });
    if (state.step === 1) {
      const name = inputResponse(ctx.inputResponses, 'step1');
      if (name.kind !== 'elicit' || name.action !== 'accept') return ctx.inputRequired({ step1: nameForm }, state);
      const color = input.elicit({ message: 'Favourite colour?', requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } });
      return ctx.inputRequired({ step2: color }, { step: 2, name: name.content?.['name'], topic: state.topic });
    }
    const color = inputResponse(ctx.inputResponses, 'step2');
    return `${state.name} likes ${color.kind === 'elicit' ? String(color.content?.['color']) : '?'} (topic ${state.topic})`;
  },
  async everything(_args, ctx) {
    const sampled = inputResponse(ctx.inputResponses, 'capital');
    const roots = inputResponse(ctx.inputResponses, 'roots');
    if (sampled.kind === 'sampling' && roots.kind === 'roots') {
      const blocks = [sampled.result.content].flat() as Array<{ type: string; text?: string }>;
      const text = blocks.map((block) => block.text ?? '').join('');
      return `${text} / ${roots.roots.map((r) => r.uri).join(',')}`;
    }
    return ctx.inputRequired({
      capital: input.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }], maxTokens: 10 }),
      roots: input.listRoots(),
    });
  },
  async wipe(_args, ctx) {
    const answer = inputResponse(ctx.inputResponses, 'why');
    if (answer.kind !== 'elicit') return ctx.inputRequired({ why: input.elicit({ message: 'Why?', requestedSchema: { type: 'object', properties: { why: { type: 'string' } } } }) });
    return `wiped because ${String(answer.content?.['why'])}`;
  },
};

let server: RunningServer;
beforeAll(async () => {
  const started = await main({
    config: fixtureConfig,
    tools,
    handlers,
    hooks: {
      extendServer(mcp) {
        mcp.registerPrompt('with_context', { description: 'A prompt that asks for its context.' }, async (ctx) => {
          const answer = inputResponse(ctx.mcpReq.inputResponses, 'user_context');
          if (answer.kind !== 'elicit' || answer.action !== 'accept') {
            return input({ inputRequests: { user_context: input.elicit({ message: 'What context?', requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] } }) } });
          }
          return { messages: [{ role: 'user', content: { type: 'text', text: `Context: ${String(answer.content?.['context'])}` } }] };
        });
      },
    },
    argv: ['--http', '--port', '0'],
    env: { FIXTURE_API_STATE_KEY: 's'.repeat(40) },
    log: () => {},
    handleSignals: false,
  });
  server = started!;
});
afterAll(async () => server?.close());

async function connect(options: { elicit?: boolean; manual?: boolean } = {}): Promise<{ client: Client; forms: string[] }> {
  const forms: string[] = [];
  const client = new Client(
    { name: 't', version: '1' },
    {
      versionNegotiation: { mode: 'auto' },
      capabilities: { ...(options.elicit === false ? {} : { elicitation: { form: {} } }), sampling: {}, roots: {} },
      ...(options.manual ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  if (options.elicit !== false) {
    client.setRequestHandler('elicitation/create', async (request) => {
      forms.push(request.params.message);
      const field = Object.keys((request.params as { requestedSchema: { properties: object } }).requestedSchema.properties)[0]!;
      if (field === 'confirm') return { action: 'accept', content: { confirm: true } };
      return { action: 'accept', content: { [field]: field === 'name' ? 'Ada' : field === 'color' ? 'teal' : 'tests' } };
    });
  }
  client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' }));
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work' }] }));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url!)));
  return { client, forms };
}
const text = (result: { content?: unknown }): string => ((result.content as Array<{ text?: string }>)[0]?.text ?? '');

describe('ctx.inputRequired in manifest handlers', () => {
  it('one elicitation round, answered through the official client', async () => {
    const { client, forms } = await connect();
    expect(text(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, Ada!');
    expect(forms).toEqual(['What is your name?']);
    await client.close();
  });

  it('canAsk: a client without elicitation gets the handler\'s fallback', async () => {
    const { client, forms } = await connect({ elicit: false });
    expect(text(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, stranger!');
    expect(forms).toEqual([]);
    await client.close();
  });

  it('multi-round: the state the handler gave comes back each round, sealed from the client', async () => {
    const { client, forms } = await connect();
    expect(text(await client.callTool({ name: 'survey', arguments: { topic: 'paint' } }))).toBe('Ada likes teal (topic paint)');
    expect(forms).toEqual(['What is your name?', 'Favourite colour?']);
    await client.close();

    const manual = await connect({ manual: true });
    const first = (await manual.client.callTool({ name: 'survey', arguments: { topic: 'paint' } }, { allowInputRequired: true })) as unknown as { requestState: string };
    const readable = first.requestState.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join('');
    expect(readable).not.toContain('kept-on-the-server-side');
    expect(readable).not.toContain('paint');
    await manual.client.close();
  });

  it('sampling and roots in one round', async () => {
    const { client } = await connect();
    expect(text(await client.callTool({ name: 'everything', arguments: {} }))).toBe('Paris / file:///work');
    await client.close();
  });

  it('a destructive handler tool is confirmed once, then asks its own question', async () => {
    const { client, forms } = await connect();
    expect(text(await client.callTool({ name: 'wipe', arguments: {} }))).toBe('wiped because tests');
    expect(forms.map((f) => f.split('\n')[0])).toEqual(['Allow "wipe"? It may delete or overwrite data.', 'Why?']);
    await client.close();
  });

  it('extendServer adds a prompt that asks for input too (prompts/get may answer input_required)', async () => {
    const { client, forms } = await connect();
    const prompt = await client.getPrompt({ name: 'with_context' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Context: tests' } }]);
    expect(forms).toEqual(['What context?']);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['greet', 'survey', 'everything', 'wipe']);
    await client.close();
  });

  it('tampered state is refused with -32602 before the handler runs', async () => {
    const { client } = await connect({ manual: true });
    const first = (await client.callTool({ name: 'survey', arguments: {} }, { allowInputRequired: true })) as unknown as { requestState: string };
    const [version, body, mac] = first.requestState.split('.');
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), exp: 9_999_999_999 })).toString('base64url')}.${mac}`;
    const retry = { name: 'survey', arguments: {}, inputResponses: { step1: { action: 'accept', content: { name: 'x' } } }, requestState: forged };
    await expect(client.callTool(retry as unknown as Parameters<Client['callTool']>[0])).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });
});
