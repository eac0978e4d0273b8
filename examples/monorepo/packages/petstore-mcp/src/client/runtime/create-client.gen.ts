/**
 * Builds a typed client from the generated method table: one async method per tool plus
 * `close()`. Tool definitions are loaded per part on the first call of one of its tools, so a
 * client of a large API (GitHub: 17 MB of definitions) starts without reading them all.
 */
import { callMethod } from './call.gen.js';
import { connectClient } from './connect.gen.js';
import type { CallOptions, ClientControls, ClientOptions, ClientTable, DefinitionPart, MethodEntry, ToolDefinitionData } from './types.gen.js';

/** `T` is the generated client interface (its methods match `table.methods`). */
export async function createApiClient<T>(table: ClientTable, options: ClientOptions): Promise<T & ClientControls> {
  const client = await connectClient(options, options.clientInfo ?? { name: table.name, version: table.version });
  const parts = new Map<string, Promise<Map<string, ToolDefinitionData>>>();
  const definitionOf = async (entry: MethodEntry): Promise<ToolDefinitionData> => {
    let part = parts.get(entry.part);
    if (part === undefined) {
      const load = Object.hasOwn(table.parts, entry.part) ? table.parts[entry.part] : undefined;
      if (load === undefined) throw new Error(`${entry.tool}: no tool definitions part ${entry.part}`);
      part = load().then((loaded: DefinitionPart) => new Map(loaded.tools.map(({ definition }) => [definition.name, definition])));
      parts.set(entry.part, part);
    }
    const definition = (await part).get(entry.tool);
    if (definition === undefined) throw new Error(`${entry.tool}: the generated tool definitions do not match the method table`);
    return definition;
  };
  const api: Record<string, unknown> = {};
  for (const method of Object.keys(table.methods)) {
    const generated = table.methods[method]!;
    const served = options.toolNames !== undefined && Object.hasOwn(options.toolNames, generated.tool) ? options.toolNames[generated.tool] : undefined;
    const entry = served === undefined ? generated : { ...generated, tool: served };
    let renamed: ToolDefinitionData | undefined;
    const definition = async (): Promise<ToolDefinitionData> => {
      const original = await definitionOf(generated);
      return served === undefined ? original : (renamed ??= { ...original, name: served });
    };
    const call = async (args?: unknown, callOptions: CallOptions = {}): Promise<unknown> =>
      callMethod(client, entry, await definition(), args, {
        ...callOptions,
        ...(callOptions.timeout === undefined && options.timeout !== undefined ? { timeout: options.timeout } : {}),
      });
    Object.defineProperty(api, method, { value: call, enumerable: true });
  }
  Object.defineProperty(api, 'close', { value: () => client.close(), enumerable: false });
  return api as T & ClientControls;
}
