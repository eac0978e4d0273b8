/**
 * The cycles among type aliases that reference each other eagerly (client-types.ts): tsc rejects
 * `type A = B & {…}` with `type B = A | …`, so the references inside such a cycle print as unknown.
 */

/** Strongly connected components with more than one node, or a self-loop (Tarjan, iterative). */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: Set<string>[] = [];
  let counter = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const t = targets[frame.next++]!;
        if (!index.has(t)) {
          index.set(t, counter);
          low.set(t, counter++);
          stack.push(t);
          onStack.add(t);
          work.push({ node: t, next: 0 });
        } else if (onStack.has(t)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(t)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = new Set<string>();
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.add(n);
        } while (n !== frame.node);
        if (component.size > 1 || targets.includes(frame.node)) out.push(component);
      }
    }
  }
  return out;
}
