#!/usr/bin/env node
// The tool search runs in the generator (it builds the index stored in each package) and in the
// generated server (it answers search_tools with that index): both must process terms alike, so
// they run the same files; and both suggest close matches for a mistyped name (the server for a
// toolset or tool, the generator for a `$ref`). Their one source is templates/runtime/search-*.gen.ts
// and close-matches.gen.ts (copied as they
// are into every generated package by emitRuntimeFiles); this script copies them, byte for byte
// and with their names (so their imports of each other hold), into src/shared/ for the generator
// (emit, report and normalize import them there), where git ignores them. `npm run build` and `npm run typecheck` run it first; a copy is written
// only when its bytes change.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const from = new URL('../templates/runtime/', import.meta.url);
const to = new URL('../src/shared/', import.meta.url);
mkdirSync(to, { recursive: true });

for (const name of readdirSync(from).filter((f) => /^(search-[a-z-]+|close-matches)\.gen\.ts$/.test(f)).sort()) {
  const text = readFileSync(new URL(name, from));
  let current;
  try {
    current = readFileSync(new URL(name, to));
  } catch {
    current = undefined;
  }
  if (current === undefined || !current.equals(text)) writeFileSync(new URL(name, to), text);
}
