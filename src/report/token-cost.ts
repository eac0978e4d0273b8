/**
 * What a tool surface costs a model: tokens of the `tools/list` answer, counted with OpenAI's
 * o200k_base encoding (gpt-tokenizer, loaded only when a count is asked for). Other models'
 * tokenizers give counts a few percent apart; the figures are for comparing tool surfaces and
 * budgets, not for billing.
 *
 * A tool costs the tokens of its JSON as `tools/list` sends it (`JSON.stringify(definition)`);
 * the breakdown counts `inputSchema`, `outputSchema` and the texts (`title` + `description`) on
 * their own, so the three shares do not quite add up to the total (names, annotations and JSON
 * punctuation are the rest). The whole answer is the sum of its tools plus the `{"tools":[…]}`
 * wrapper, which matches counting the answer's JSON in one piece to a few tokens (each tool is
 * counted once, its schemas' counts taken from that pass; the whole answer is not tokenized a
 * second time).
 */
import type { ToolDefinition } from '../model/tool-model.js';
import { createRequire } from 'node:module';
import type { JsonTexts } from '../json-texts.js';
import { chunkedCounter, type SpanCounter } from './token-chunks.js';
import { loadTableCounter } from './token-table.js';

export const TOKENIZER = 'o200k_base';

/** A function that counts the tokens of one text. */
export type CountTokens = (text: string) => number;

export interface ToolCost {
  name: string;
  /** Tokens of the tool's JSON as listed. */
  tokens: number;
  inputSchema: number;
  outputSchema: number;
  /** `title` + `description`. */
  descriptions: number;
  /** UTF-8 bytes of the tool's JSON. */
  bytes: number;
  toolset?: string;
  /** Set when the tool's annotations say `readOnlyHint: true` (what the server's `--read-only` keeps). */
  readOnly?: true;
}

export interface ToolsetCost {
  name: string;
  tools: number;
  tokens: number;
  bytes: number;
}

export interface ToolListCost {
  tokenizer: typeof TOKENIZER;
  tools: number;
  /** Tokens of the whole `tools/list` result, `{"tools":[…]}`. */
  tokens: number;
  bytes: number;
  /** Sums over the tools. */
  inputSchema: number;
  outputSchema: number;
  descriptions: number;
  /** Median tokens per tool (the lower middle for an even count; 0 without tools). */
  median: number;
  /** The most expensive tools, most expensive first (ties by name). */
  top: ToolCost[];
  /** Per toolset, most expensive first, when a grouping was given (cost-summary.ts toolModelCost puts them in toolsetOrder). */
  toolsets?: ToolsetCost[];
  /** Every tool, in the order given. */
  perTool: ToolCost[];
}

export interface ToolListCostOptions {
  /** How many of the most expensive tools `top` lists (default 10). */
  top?: number;
  /** The toolset a tool belongs to; with it, `toolsets` and each `ToolCost.toolset` are filled. */
  toolsetOf?: (tool: ToolDefinition, index: number) => string;
}

/**
 * The o200k_base tokenizer: gpt-tokenizer's vocabulary as the table built with the package
 * (token-table.ts, read once per process, a few ms), else gpt-tokenizer itself (a 2.4 MB module
 * and a Map of 200,000 tokens, ~0.1-0.25 s, loaded only then). Text counts as ordinary text:
 * `<|endoftext|>` in a description is the characters a model reads, not a special token
 * (gpt-tokenizer's default refuses such text). The counter memoizes by chunk (token-chunks.ts):
 * one counter per run. Synchronous for the map stage (map/output-budget.ts).
 */
export function loadTokenCounterSync(): CountTokens {
  const fromTable = loadTableCounter();
  if (fromTable !== undefined) return chunkedCounter(fromTable);
  const { countTokens } = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: (text: string, options: object) => number };
  const ordinary = { disallowedSpecial: new Set<string>() };
  return chunkedCounter((text) => countTokens(text, ordinary));
}

/** {@link loadTokenCounterSync}, for callers that await. */
export async function loadTokenCounter(): Promise<CountTokens> {
  return loadTokenCounterSync();
}

/**
 * Counts the tokens of a `tools/list` answer; loads the tokenizer. `json`: the run's serialized
 * texts, so that the schemas serialized here are not serialized again (emit/tool-data.ts).
 */
export async function countToolListTokens(tools: readonly ToolDefinition[], options: ToolListCostOptions = {}, json?: JsonTexts): Promise<ToolListCost> {
  return measureToolList(tools, await loadTokenCounter(), options, json);
}

const WRAPPER = '{"tools":[]}';

/** The same, with a counter already loaded (synchronous). */
export function measureToolList(tools: readonly ToolDefinition[], count: CountTokens, options: ToolListCostOptions = {}, json?: JsonTexts): ToolListCost {
  const perTool = tools.map((tool, index): ToolCost => ({
    name: tool.name,
    ...countTool(tool, count, json),
    ...(options.toolsetOf !== undefined ? { toolset: options.toolsetOf(tool, index) } : {}),
    ...(tool.annotations?.readOnlyHint === true ? { readOnly: true as const } : {}),
  }));
  return summarizeToolList(perTool, count(WRAPPER), { ...(options.top !== undefined ? { top: options.top } : {}), toolsets: options.toolsetOf !== undefined });
}

/**
 * The figures of one tool. With a {@link SpanCounter} (token-chunks.ts), the tool's JSON is counted
 * once and its schemas' counts taken from that pass: the JSON is built member by member, as
 * `JSON.stringify(tool)` writes it (keys in order, a key whose value has no JSON left out), to know
 * where each schema's text lies in it.
 */
export function countTool(tool: ToolDefinition, count: CountTokens, json?: JsonTexts): Omit<ToolCost, 'name' | 'toolset'> {
  const text = (tool.title ?? '') + (tool.title !== undefined ? '\n' : '') + tool.description;
  const descriptions = text === '' ? 0 : count(text);
  const withSpans = (count as Partial<SpanCounter>).withSpans;
  if (withSpans === undefined) {
    const whole = JSON.stringify(tool);
    return {
      tokens: count(whole),
      inputSchema: count(JSON.stringify(tool.inputSchema)),
      outputSchema: tool.outputSchema === undefined ? 0 : count(JSON.stringify(tool.outputSchema)),
      descriptions,
      bytes: Buffer.byteLength(whole),
    };
  }
  const own = tool as unknown as Record<string, unknown>;
  const spans = [0, 0, 0, 0];
  const members: string[] = ['{'];
  let length = 1;
  for (const key of Object.keys(own)) {
    const value = own[key];
    const schema = key === 'inputSchema' || key === 'outputSchema';
    const member: string | undefined = schema && value !== null && typeof value === 'object' ? (json?.of(value) ?? JSON.stringify(value)) : JSON.stringify(value);
    if (member === undefined) continue;
    const name = `${members.length === 1 ? '' : ','}${JSON.stringify(key)}:`;
    length += name.length;
    if (schema) {
      const at = key === 'inputSchema' ? 0 : 2;
      spans[at] = length;
      spans[at + 1] = length + member.length;
    }
    length += member.length;
    members.push(name, member);
  }
  // One flat string (join), not a chain of concatenations: the scan reads it character by character.
  members.push('}');
  const whole = members.join('');
  const parts = [0, 0];
  const tokens = withSpans(whole, spans, parts);
  return { tokens, inputSchema: parts[0]!, outputSchema: tool.outputSchema === undefined ? 0 : parts[1]!, descriptions, bytes: Buffer.byteLength(whole) };
}

/** The tokens of the `{"tools":[]}` wrapper around the tools. */
export function wrapperTokens(count: CountTokens): number {
  return count(WRAPPER);
}

/** The whole answer's figures from its tools' and the wrapper's tokens; `toolsets`: group by each tool's `toolset`. */
export function summarizeToolList(perTool: ToolCost[], wrapper: number, options: { top?: number; toolsets?: boolean } = {}): ToolListCost {
  const sum = (key: 'tokens' | 'inputSchema' | 'outputSchema' | 'descriptions' | 'bytes'): number => perTool.reduce((n, t) => n + t[key], 0);
  // The commas between tools: one byte each, and no token (`},{"` encodes like `}{"`: measured
  // exact to 4 tokens in 1.9 M on GitHub's tools).
  const separators = Math.max(0, perTool.length - 1);
  const sorted = [...perTool].sort(byCost);
  const counts = perTool.map((t) => t.tokens).sort((a, b) => a - b);
  return {
    tokenizer: TOKENIZER,
    tools: perTool.length,
    tokens: sum('tokens') + wrapper,
    bytes: sum('bytes') + separators + WRAPPER.length,
    inputSchema: sum('inputSchema'),
    outputSchema: sum('outputSchema'),
    descriptions: sum('descriptions'),
    median: counts.length === 0 ? 0 : counts[Math.floor((counts.length - 1) / 2)]!,
    top: sorted.slice(0, options.top ?? 10),
    ...(options.toolsets === true ? { toolsets: groupByToolset(perTool) } : {}),
    perTool,
  };
}

function byCost(a: { tokens: number; name: string }, b: { tokens: number; name: string }): number {
  return b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function groupByToolset(perTool: readonly ToolCost[]): ToolsetCost[] {
  const groups = new Map<string, ToolsetCost>();
  for (const tool of perTool) {
    const name = tool.toolset ?? '';
    const group = groups.get(name) ?? { name, tools: 0, tokens: 0, bytes: 0 };
    group.tools += 1;
    group.tokens += tool.tokens;
    group.bytes += tool.bytes;
    groups.set(name, group);
  }
  return [...groups.values()].sort(byCost);
}

/**
 * `1234567` → `1,234,567`: what `toLocaleString('en-US')` gives for a whole number, without
 * loading ICU's locale data (its first use cost 0.1-0.3 s of a generation on the loaded machine).
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** `1234567` → `1.23 M`, `48213` → `48.2 k`, `950` → `950`: for one-line summaries. */
export function formatTokens(tokens: number): string {
  if (tokens >= 999_500) return `${(tokens / 1_000_000).toPrecision(3)} M`;
  if (tokens >= 1000) return `${(tokens / 1000).toPrecision(3)} k`;
  return String(tokens);
}
