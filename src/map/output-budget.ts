/**
 * Which rule `--output-schema compact` follows for a run (compact-output.ts): `whole` when the
 * whole static `tools/list` — the tools this run generates, after `--include`/`--include-tags` —
 * costs at most the token budget (`tokenBudget`, default 50,000) with every tool's whole output
 * schema (texts left out) and those schemas come to at most {@link MAX_WHOLE_OUTPUT_CHARS}
 * characters, else `small`, the tools as the first pass mapped them.
 *
 * The decision must cost nothing on a big API, where the answer is always `small`: first a bound
 * from the length of the JSON alone, no tokenizer. On every spec of ../shared/specs (petstore to
 * Microsoft Graph, compact and full schemas) a whole tools/list has at most 4.9 characters of JSON
 * per o200k_base token and a single tool at most 5.7, so a list longer than
 * {@link MAX_CHARS_PER_TOKEN} × budget characters cannot fit. (A UTF-16 length is at most the UTF-8
 * byte count, so the bound holds for bytes too.) Past that bound nothing is built or counted:
 * GitHub stops after the JSON of its first 339 tools (~2 ms). Only a list that may fit is counted
 * exactly — with the tokenizer the cost report uses (token-cost.ts: the tools' JSON plus the
 * `{"tools":[]}` wrapper), tool by tool, stopping once over the budget — so the README and
 * `--report` show a total at most the budget whenever `whole` was chosen. A text denser than the
 * bound assumes (a long run of one character can be a single token) only makes a list look bigger:
 * the run then keeps `small`, as it would for a list over the budget.
 */
import type { JsonSchemaObject } from '../model/json-schema.js';
import type { ToolDefinition } from '../model/tool-model.js';
import { loadTokenCounterSync, wrapperTokens, type CountTokens } from '../report/token-cost.js';

/** Characters of tools/list JSON one token may stand for, at most (measured 4.9 per list, 5.7 per tool). */
export const MAX_CHARS_PER_TOKEN = 8;

/**
 * Characters of output-schema JSON `whole` may list in all, whatever the budget: the official
 * client compiles every listed outputSchema before its first call, ~3-4 ms per KB measured on the
 * (loaded) dev machine (bench/first-call.mjs: readme-api's 45 schemas, 102 KB, +272 ms; Slack's
 * 174, 407 KB, +2.9 s), so 128 KB keeps that first call around half a second.
 */
export const MAX_WHOLE_OUTPUT_CHARS = 128 * 1024;

/** `{"tools":[` … `]}` and a comma between tools. */
const WRAPPER_CHARS = '{"tools":[]}'.length;

export interface WholeOutputs {
  /** The tools as mapped with the `small` rule (sanitized, final but for outputSchema). */
  definitions: readonly ToolDefinition[];
  budget: number;
  /**
   * Tool `index`'s outputSchema under the `whole` rule, or undefined for none; asked only for a
   * tool the `small` rule left without one, and only when the bound says the list may fit.
   */
  wholeSchema: (index: number) => JsonSchemaObject | undefined;
  /** The counter (default: o200k_base, loaded only when the bound says the list may fit). */
  loadCounter?: () => CountTokens;
  /** Default {@link MAX_WHOLE_OUTPUT_CHARS}. */
  maxOutputChars?: number;
}

export interface WholeOutputsFit {
  definitions: ToolDefinition[];
  /** Tokens of the whole tools/list with them. */
  tokens: number;
}

/**
 * The definitions with whole output schemas when they fit the budget (and, all together, at most
 * `maxOutputChars` of output schemas), else undefined (keep `small`).
 */
export function fitWholeOutputs(input: WholeOutputs): WholeOutputsFit | undefined {
  const { definitions, budget } = input;
  const maxChars = budget * MAX_CHARS_PER_TOKEN;
  let chars = WRAPPER_CHARS + Math.max(0, definitions.length - 1);
  for (const definition of definitions) {
    chars += JSON.stringify(definition).length;
    if (chars > maxChars) return undefined;
  }
  chars = WRAPPER_CHARS + Math.max(0, definitions.length - 1);
  const wider: ToolDefinition[] = [];
  const texts: string[] = [];
  let added = 0;
  let outputChars = 0;
  const maxOutputChars = input.maxOutputChars ?? MAX_WHOLE_OUTPUT_CHARS;
  for (const [index, definition] of definitions.entries()) {
    const schema = definition.outputSchema === undefined ? input.wholeSchema(index) : undefined;
    if (schema !== undefined) added += 1;
    const tool = schema === undefined ? definition : withOutputSchema(definition, schema);
    const text = JSON.stringify(tool);
    chars += text.length;
    if (tool.outputSchema !== undefined) outputChars += JSON.stringify(tool.outputSchema).length;
    if (chars > maxChars || outputChars > maxOutputChars) return undefined;
    wider.push(tool);
    texts.push(text);
  }
  if (added === 0) return undefined; // the same list: nothing to count
  const count = (input.loadCounter ?? loadTokenCounterSync)();
  let tokens = wrapperTokens(count);
  for (const text of texts) {
    tokens += count(text);
    if (tokens > budget) return undefined;
  }
  return { definitions: wider, tokens };
}

/** A copy with `outputSchema` right after `inputSchema`, where the first pass puts it. */
function withOutputSchema(definition: ToolDefinition, outputSchema: JsonSchemaObject): ToolDefinition {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(definition)) {
    out[key] = value;
    if (key === 'inputSchema') out.outputSchema = outputSchema;
  }
  return out as unknown as ToolDefinition;
}
