// A rolldown plugin for the CLI bundle (rolldown.config.mjs): each static import of a Node builtin
// (`import fs, { readFileSync } from "node:fs"`) becomes `process.getBuiltinModule("node:fs")`
// (Node >= 22.3; the CLI needs 22.12).
//
// Why: importing a builtin as ESM makes Node build a module facade that reads every export of the
// builtin once, getters included, and some getters load whole subsystems: node:process's stdin
// and report, node:fs's streams and promises, node:util's and node:module's lazy members. The
// bundled commander imports node:process, and every chunk imports node:fs. getBuiltinModule
// returns the module's exports object as `require` would, facade-free, and a destructuring reads
// only the names the chunk uses. petstore generate, callgrind (node --single-threaded): 769 M -> 736 M
// instructions, a fixed cost of every run.
//
// Builtins in LAZY are loaded on first use: a default or namespace import of one becomes a proxy
// (commander imports node:child_process for executable subcommands, which this CLI does not have;
// loading it with net and the stream modules cost every run ~2 ms). A named import of one fails
// the build: such code should get the module where it needs it.
//
// Only the import forms rolldown writes are rewritten; any other form of a builtin import fails the
// build, so a new form is noticed instead of silently keeping its facade.
const BUILTIN_IMPORT = /^import ([^;]*?) from "(node:[^"]+)";$/gm;
const DEFAULT_AND_NAMED = /^([\w$]+)(?:, \{([^}]*)\})?$/;
const NAMED = /^\{([^}]*)\}$/;
const NAMESPACE = /^\* as ([\w$]+)$/;
const LAZY = new Set(['node:child_process']);

/** `a, b as c` → `a, b: c` (the same bindings as a destructuring). */
function bindings(names) {
  return names
    .split(',')
    .map((name) => name.trim().replace(/^([\w$]+) as ([\w$]+)$/, '$1: $2'))
    .filter((name) => name !== '')
    .join(', ');
}

function rewrite(clause, specifier, chunkName) {
  const builtin = `process.getBuiltinModule(${JSON.stringify(specifier)})`;
  if (LAZY.has(specifier)) {
    const name = NAMESPACE.exec(clause)?.[1] ?? /^[\w$]+$/.exec(clause)?.[0];
    if (name === undefined) throw new Error(`plain-builtin-imports: ${chunkName}: ${specifier} is loaded on first use; import it as a whole, not ${clause}`);
    return `const ${name} = new Proxy({}, { get: (_, key) => ${builtin}[key] });`;
  }
  const namespace = NAMESPACE.exec(clause);
  if (namespace !== null) return `const ${namespace[1]} = ${builtin};`;
  const named = NAMED.exec(clause);
  if (named !== null) return `const { ${bindings(named[1])} } = ${builtin};`;
  const both = DEFAULT_AND_NAMED.exec(clause);
  if (both !== null) return `const ${both[1]} = ${builtin};${both[2] !== undefined ? ` const { ${bindings(both[2])} } = ${both[1]};` : ''}`;
  throw new Error(`plain-builtin-imports: ${chunkName}: cannot rewrite import ${clause} from "${specifier}"`);
}

export const plainBuiltinImports = {
  name: 'plain-builtin-imports',
  renderChunk(code, chunk) {
    const out = code.replace(BUILTIN_IMPORT, (_, clause, specifier) => rewrite(clause, specifier, chunk.fileName));
    if (/^import\s[^;]*["']node:/m.test(out)) throw new Error(`plain-builtin-imports: ${chunk.fileName}: a builtin import was left as it was`);
    return out;
  },
};
