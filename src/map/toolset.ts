import type { Tool } from '../model/tool-model.js';
import type { TextScan } from './client-visible-text.js';
import { sanitizeText } from './description.js';

/**
 * The toolset an operation belongs to: its first OpenAPI tag, or, without tags, the first literal
 * segment of its path (`/repos/{owner}/{repo}` → `repos`); `default` when neither exists (`/`,
 * `/{id}`). A leading version segment is skipped (`/v1/customers` → `customers`): every Stripe
 * operation is untagged under `/v1`, which would otherwise make the whole API one toolset.
 * Names are kept as the spec writes them (tags may hold spaces or capitals), as plain text on one
 * line ({@link toolsetLabel}): a dynamic server lists them to the model in search_tools.
 */
export function toolsetName(op: { tags: readonly string[]; path: string }): string {
  const tag = op.tags.map(toolsetLabel).find((t) => t !== '');
  if (tag !== undefined) return tag;
  const segments = op.path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  const first = segments[0] !== undefined && VERSION_SEGMENT.test(segments[0]) && segments.length > 1 ? segments[1] : segments[0];
  return (first === undefined ? '' : toolsetLabel(first)) || 'default';
}

/**
 * A tag or path segment as a toolset name: sanitized like any client-visible text (no terminal
 * escapes, bidi or invisible characters, HTML made text), whitespace runs made one space.
 */
export function toolsetLabel(text: string): string {
  return sanitizeText(text).replace(/\s+/g, ' ').trim();
}

/** `v1`, `v2beta1`, `v1.0`, `2010-04-01` (Twilio): a version, not a resource. */
const VERSION_SEGMENT = /^(?:v\d+(?:[.\d]*|(?:alpha|beta)\d*)|\d{4}-\d{2}-\d{2})$/i;

/**
 * Scans each toolset's name and description line for instruction-like text, as every other
 * client-visible text is: a dynamic server's search_tools description lists them all. Reported at
 * the first tool of the toolset.
 */
export function scanToolsets(tools: readonly Tool[], descriptions: Readonly<Record<string, string>> | undefined, scan: TextScan): void {
  const scanned = new Set<string>();
  for (const tool of tools) {
    const name = tool.toolset;
    if (name === undefined || scanned.has(name)) continue;
    scanned.add(name);
    for (const snippet of scan.find(name)) scan.report(snippet, `toolset "${name}": name`, tool.source);
    const line = descriptions !== undefined && Object.hasOwn(descriptions, name) ? descriptions[name]! : '';
    for (const snippet of scan.find(line)) scan.report(snippet, `toolset "${name}": description`, tool.source);
  }
}
