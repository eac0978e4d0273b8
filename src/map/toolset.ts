/**
 * The toolset an operation belongs to: its first OpenAPI tag, or, without tags, the first literal
 * segment of its path (`/repos/{owner}/{repo}` → `repos`); `default` when neither exists (`/`,
 * `/{id}`). Names are kept as the spec writes them (tags may hold spaces or capitals).
 */
export function toolsetName(op: { tags: readonly string[]; path: string }): string {
  const tag = op.tags.map((t) => t.trim()).find((t) => t !== '');
  if (tag !== undefined) return tag;
  const segment = op.path.split('/').find((s) => s !== '' && !s.startsWith('{'));
  return segment ?? 'default';
}
