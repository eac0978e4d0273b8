/**
 * What a handler's return value becomes (handler-call.gen.ts calls this):
 *
 * - A CallToolResult-shaped object — only `content` (an array of blocks, each with a string
 *   `type`), `structuredContent`, `isError` and `_meta` — passes through as it is: text, image,
 *   audio, resource links, embedded resources. It must be a valid CallToolResult.
 * - Anything else is data. With an outputSchema it becomes `structuredContent` (wrapped as
 *   `{ [wrappedIn]: value }` when the manifest's output is not an object) plus a text block with
 *   its JSON; without one, a string becomes a text block and other values their JSON.
 *
 * Output schema policy, as for the OpenAPI servers (result.gen.ts): clients reject a result whose
 * structuredContent does not match the declared outputSchema (or is missing), unless `isError`.
 * So a mismatch never goes out as a success: the result is `isError: true` with the data as text
 * and a note naming the first mismatch.
 */
import { isCallToolResult, type CallToolResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolEntry } from './types.gen.js';
import { shortenAtWord } from './short-text.gen.js';

/** A result the handler builds itself (MCP CallToolResult), or what `ctx.inputRequired` returned. */
export type ToolResult = CallToolResult | InputRequiredResult;

const RESULT_KEYS = new Set(['content', 'structuredContent', 'isError', '_meta']);

/** The result the stub of a new tool answers with until its handler is written. */
export function notImplemented(tool: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `Tool ${JSON.stringify(tool)} is not implemented yet: write its handler in src/handlers/${tool}.ts.` }],
    isError: true,
  };
}

/** True when `value` is meant as a CallToolResult (see the header comment). */
export function looksLikeToolResult(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const content = (value as { content?: unknown }).content;
  if (!Array.isArray(content)) return false;
  if (!Object.keys(value).every((k) => RESULT_KEYS.has(k))) return false;
  return content.every((block) => typeof block === 'object' && block !== null && typeof (block as { type?: unknown }).type === 'string');
}

export function toHandlerResult(value: unknown, entry: ToolEntry, validateOutput: ((value: unknown) => string | undefined) | undefined): CallToolResult {
  const hasOutput = entry.definition.outputSchema !== undefined;
  if (looksLikeToolResult(value)) {
    if (!isCallToolResult(value)) return failure('the handler returned a result that is not a valid MCP CallToolResult (check each content block)');
    const result = value as CallToolResult;
    if (!hasOutput || result.isError === true) return result;
    const problem = result.structuredContent === undefined ? 'it has no structuredContent' : check(result.structuredContent, validateOutput);
    return problem === undefined ? result : mismatch(result.content, problem);
  }
  let text: string;
  try {
    text = typeof value === 'string' && !hasOutput ? value : (JSON.stringify(value) ?? 'null');
  } catch (error) {
    return failure(`the handler's result cannot be written as JSON (${error instanceof Error ? error.name : typeof error})`);
  }
  const content: CallToolResult['content'] = value === undefined && !hasOutput ? [] : [{ type: 'text', text }];
  if (!hasOutput) return { content };
  const wrappedIn = entry.binding.output?.wrappedIn;
  const structured = wrappedIn !== undefined ? { [wrappedIn]: value ?? null } : value;
  const problem = check(structured, validateOutput);
  return problem === undefined ? { content, structuredContent: structured as Record<string, unknown> } : mismatch(content, problem);
}

function check(value: unknown, validateOutput: ((value: unknown) => string | undefined) | undefined): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the value is not an object';
  try {
    return validateOutput?.(value);
  } catch {
    return 'the schema check failed to run';
  }
}

function mismatch(content: CallToolResult['content'], problem: string): CallToolResult {
  const note = `[The handler's result does not match this tool's declared output schema: ${shortenAtWord(problem, 500)}. `
    + 'The data is returned above as text; the result is flagged as an error only so that MCP clients which check structured results accept it.]';
  return { content: [...content, { type: 'text', text: note }], isError: true };
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
