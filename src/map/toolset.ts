/**
 * The toolset an operation belongs to: its first OpenAPI tag, or, without tags, the first literal
 * segment of its path (`/repos/{owner}/{repo}` → `repos`); `default` when neither exists (`/`,
 * `/{id}`). A leading version segment is skipped (`/v1/customers` → `customers`): every Stripe
 * operation is untagged under `/v1`, which would otherwise make the whole API one toolset.
 * Names are kept as the spec writes them (tags may hold spaces or capitals).
 */
export function toolsetName(op: { tags: readonly string[]; path: string }): string {
  const tag = op.tags.map((t) => t.trim()).find((t) => t !== '');
  if (tag !== undefined) return tag;
  const segments = op.path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  const first = segments[0] !== undefined && VERSION_SEGMENT.test(segments[0]) && segments.length > 1 ? segments[1] : segments[0];
  return first ?? 'default';
}

/** `v1`, `v2beta1`, `v1.0`, `2010-04-01` (Twilio): a version, not a resource. */
const VERSION_SEGMENT = /^(?:v\d+(?:[.\d]*|(?:alpha|beta)\d*)|\d{4}-\d{2}-\d{2})$/i;
