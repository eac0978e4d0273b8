/**
 * Names close to a mistyped one, for the one-line answers to an unknown toolset or tool: at start
 * (`--toolsets`, `--tools`: tool-selection.gen.ts) and in dynamic mode (search_tools, describe_tools,
 * call_tool: dynamic-tools.gen.ts, dynamic-scopes.gen.ts, which pass only the names a caller may see).
 */

/**
 * The start-time message for unknown names of one flag (or its environment variable, `from`): all
 * of them in one line, each with its close matches, so one run shows every mistake.
 * One name: `unknown toolset "isues" (--toolsets); close matches: issues, users`; several:
 * `unknown tools (--tools): "nope1" (no close match); "isues_get" (close matches: issues_get)`.
 */
export function unknownNames(what: 'toolset' | 'tool', names: readonly string[], from: string, candidates: readonly string[]): string {
  const found = names.map((name) => ({ name: JSON.stringify(printable(name)), close: closeMatches(name, candidates) }));
  // A toolset with no close match: the list of them is one flag away.
  const more = what === 'toolset' && found.some((f) => f.close.length === 0) ? '; see --list-toolsets' : '';
  if (found.length === 1) {
    const { name, close } = found[0]!;
    return `unknown ${what} ${name} (${from}); ${close.length > 0 ? `close matches: ${close.join(', ')}` : what === 'toolset' ? 'see --list-toolsets' : 'no close match'}`;
  }
  const each = found.map(({ name, close }) => `${name} (${close.length > 0 ? `close matches: ${close.join(', ')}` : 'no close match'})`);
  return `unknown ${what}s (${from}): ${each.join('; ')}${more}`;
}

/**
 * Up to `max` candidates close to `name`: same ignoring case and which separator (`_ - . /` or a
 * space: `issues_create_comment` is `issues_create-comment`), containing it (or contained), or
 * within an edit distance of a third of its length; closest first, then by name.
 */
export function closeMatches(name: string, candidates: readonly string[], max = 5): string[] {
  const wanted = folded(name);
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: [number, string][] = [];
  for (const candidate of candidates) {
    const c = folded(candidate);
    let score: number;
    if (c === wanted) score = 0;
    else if (wanted.length >= 3 && (c.includes(wanted) || wanted.includes(c))) score = 1 + Math.abs(c.length - wanted.length) / 100;
    else {
      const distance = editDistance(wanted, c, limit);
      if (distance > limit) continue;
      score = 1 + distance;
    }
    scored.push([score, candidate]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, max).map(([, candidate]) => printable(candidate));
}

/** A name as closeMatches compares it: lower case, every separator the same. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[-_./ ]/g, '_');
}

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** Spec-derived or user-typed text for a terminal or a model: control characters become '?'. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}
