/**
 * Compact tool definitions (`descriptions: 'compact'`, the default): the text a model pays for
 * on every turn without learning anything it needs to call the tool. What changes, in place:
 *
 * - the input schema: no descriptions or examples below the top-level arguments, no link URLs
 *   (see compact-input.ts); every argument, type, enum, format, bound, default and `required` stays;
 * - the description: link URLs, and whole sentences that only point to links ("For more
 *   information, see [X](https://…) in the Y documentation.", see unlink-text.ts), go;
 *   when it starts with the tool's `title` (the summary) and says more after it, that first line
 *   goes, since the title is listed right beside it;
 * - annotations: `title` when it repeats the tool's `title`, and hints equal to MCP's defaults
 *   (`readOnlyHint: false`, `idempotentHint: false`, `openWorldHint: true`: a client reads an
 *   absent hint as exactly that). `destructiveHint` always stays, `true` included: hosts and the
 *   server's own confirmation policy (input-gate.gen.ts) ask before a call it marks destructive.
 *
 * `'full'` keeps everything as mapped.
 */
import type { ToolDefinition } from '../model/tool-model.js';
import { compactInputSchema, unlinkText, type CompactInputMemo } from './compact-input.js';

export { createCompactInputMemo, type CompactInputMemo } from './compact-input.js';

export type DescriptionsMode = 'full' | 'compact';
export const DESCRIPTIONS_MODES: readonly DescriptionsMode[] = ['full', 'compact'];

/** MCP's defaults for the behaviour hints (2025-03-26 onwards, ToolAnnotations). */
const DEFAULT_HINTS = { readOnlyHint: false, idempotentHint: false, openWorldHint: true } as const;

export function compactDefinition(definition: ToolDefinition, memo: CompactInputMemo): void {
  definition.inputSchema = compactInputSchema(definition.inputSchema, memo);
  definition.description = withoutLeadingTitle(unlinkText(definition.description), definition.title);
  const annotations = definition.annotations;
  if (annotations === undefined) return;
  if (annotations.title !== undefined && annotations.title === definition.title) delete annotations.title;
  for (const [hint, value] of Object.entries(DEFAULT_HINTS) as [keyof typeof DEFAULT_HINTS, boolean][]) {
    if (annotations[hint] === value) delete annotations[hint];
  }
  if (Object.keys(annotations).length === 0) delete definition.annotations;
}

/** `Get a repo\n\nThe repo's …` with title `Get a repo` → `The repo's …`; a description that is only the title stays. */
function withoutLeadingTitle(description: string, title: string | undefined): string {
  if (title === undefined || !description.startsWith(title)) return description;
  const rest = description.slice(title.length);
  if (!/^\s*\n/.test(rest)) return description;
  const trimmed = rest.trim();
  return trimmed === '' ? description : trimmed;
}
