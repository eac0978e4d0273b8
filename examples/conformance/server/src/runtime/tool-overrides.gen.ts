/**
 * Per-tool overrides from the user's hooks (`hooks.tools` in src/hooks.ts): a new name, title,
 * description or annotations, applied ONCE at start-up, before the tool table is built, so
 * tools/list, input validation and calls all see the overridden tool. Schemas and the HTTP binding
 * never change.
 *
 * A problem does not stop the server; it is reported as a warning and that part is ignored: an
 * override for a tool that does not exist, a field of the wrong type, an invalid name, or a rename
 * that would give two tools the same name (compared ignoring case, as the generator does, because
 * some clients do). A rename that collides is dropped for every renamed tool involved, so the
 * result never depends on the order of the keys.
 */
import type { ToolOverride } from './hooks.gen.js';
import type { ToolAnnotations, ToolEntry } from './types.gen.js';

/** MCP tool names (2025-11-25 server/tools#tool-names): 1–128 of A-Z a-z 0-9 _ . - */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const OVERRIDE_FIELDS = new Set(['name', 'title', 'description', 'annotations']);
const HINTS = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

export interface OverriddenTools {
  /** In the generated order; a tool without an override is the generated entry itself. */
  readonly tools: ToolEntry[];
  /** The generated name of every entry an override replaced. */
  readonly generatedNames: ReadonlyMap<ToolEntry, string>;
  /** One line per problem, for stderr. */
  readonly warnings: string[];
}

export function applyToolOverrides(
  entries: readonly ToolEntry[],
  overrides: Readonly<Record<string, ToolOverride>> | undefined,
): OverriddenTools {
  const warnings: string[] = [];
  const generatedNames = new Map<ToolEntry, string>();
  if (overrides === undefined || Object.keys(overrides).length === 0) return { tools: [...entries], generatedNames, warnings };

  const index = new Map<string, number>(entries.map((entry, i) => [entry.definition.name, i]));
  const changes = new Map<number, ToolOverride>();
  for (const [key, value] of Object.entries(overrides)) {
    const i = index.get(key);
    if (i === undefined) {
      warnings.push(`hooks.tools: there is no tool ${JSON.stringify(key)}; its override is ignored (keys are the generated names, as in README.md)`);
      continue;
    }
    const clean = cleanOverride(key, value, warnings);
    if (clean !== undefined) changes.set(i, clean);
  }

  const names = resolveNames(entries, changes, warnings);
  const tools = entries.map((entry, i): ToolEntry => {
    const change = changes.get(i);
    if (change === undefined) return entry;
    const { definition } = entry;
    const annotations = change.annotations === undefined ? definition.annotations : { ...definition.annotations, ...change.annotations };
    const tool: ToolEntry = {
      definition: {
        ...definition,
        name: names[i]!,
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(annotations !== undefined ? { annotations } : {}),
      },
      binding: entry.binding,
    };
    generatedNames.set(tool, definition.name);
    return tool;
  });
  return { tools, generatedNames, warnings };
}

/** The final names: renames applied, except those that would make two tools share a name. */
function resolveNames(entries: readonly ToolEntry[], changes: ReadonlyMap<number, ToolOverride>, warnings: string[]): string[] {
  const generated = entries.map((entry) => entry.definition.name);
  const names = [...generated];
  const renamed = new Set<number>();
  for (const [i, change] of changes) {
    if (change.name !== undefined && change.name !== generated[i]) {
      names[i] = change.name;
      renamed.add(i);
    }
  }
  // Each round reverts at least one rename, so this ends; one round is the usual case.
  while (renamed.size > 0) {
    const groups = new Map<string, number[]>();
    for (const i of renamed) groups.set(names[i]!.toLowerCase(), []);
    names.forEach((name, i) => groups.get(name.toLowerCase())?.push(i));
    const revert: Array<[number, number[]]> = [];
    for (const group of groups.values()) {
      if (group.length > 1) for (const i of group) if (renamed.has(i)) revert.push([i, group]);
    }
    if (revert.length === 0) break;
    for (const [i, group] of revert) {
      const others = group.filter((j) => j !== i).map((j) => JSON.stringify(generated[j]));
      warnings.push(
        `hooks.tools: ${JSON.stringify(generated[i])} is not renamed ${JSON.stringify(names[i])}: ${others.join(', ')} would have the same name (ignoring case)`,
      );
      names[i] = generated[i]!;
      renamed.delete(i);
    }
  }
  return names;
}

/** The override's usable fields; a warning for each one that is not. */
function cleanOverride(tool: string, value: unknown, warnings: string[]): ToolOverride | undefined {
  const where = `hooks.tools[${JSON.stringify(tool)}]`;
  if (!isRecord(value)) {
    warnings.push(`${where} is not an object; it is ignored`);
    return undefined;
  }
  const clean: ToolOverride = {};
  for (const key of Object.keys(value)) {
    if (!OVERRIDE_FIELDS.has(key)) warnings.push(`${where}: unknown field ${JSON.stringify(key)} is ignored (known: name, title, description, annotations)`);
  }
  const { name, title, description, annotations } = value;
  if (name !== undefined) {
    if (typeof name === 'string' && TOOL_NAME.test(name)) clean.name = name;
    else warnings.push(`${where}.name must be 1 to 128 of A-Z a-z 0-9 _ . - ; the tool keeps its name`);
  }
  for (const [field, text] of [['title', title], ['description', description]] as const) {
    if (text === undefined) continue;
    if (typeof text === 'string') clean[field] = text;
    else warnings.push(`${where}.${field} must be a string; it is ignored`);
  }
  if (annotations !== undefined) {
    if (isRecord(annotations)) clean.annotations = cleanAnnotations(where, annotations, warnings);
    else warnings.push(`${where}.annotations must be an object; it is ignored`);
  }
  return clean;
}

function cleanAnnotations(where: string, value: Record<string, unknown>, warnings: string[]): ToolAnnotations {
  const clean: Record<string, string | boolean> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const ok = key === 'title' ? typeof v === 'string' : HINTS.has(key) ? typeof v === 'boolean' : undefined;
    if (ok === undefined) warnings.push(`${where}.annotations: unknown field ${JSON.stringify(key)} is ignored`);
    else if (!ok) warnings.push(`${where}.annotations.${key} must be a ${key === 'title' ? 'string' : 'boolean'}; it is ignored`);
    else clean[key] = v as string | boolean;
  }
  return clean as ToolAnnotations;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
