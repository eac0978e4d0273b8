/**
 * Method names of the typed client: the tool name in lowerCamelCase, split on `_`, `-` and `.`
 * (`list_items` → `listItems`, `repos/get` → tool `repos_get` → `reposGet`).
 *
 * - The first word starts lower case; a leading acronym is lowered as a whole (`HTTPGet` →
 *   `httpGet`); later words start upper case. A word in capitals only is lowered first
 *   (`GET_PETS` → `getPets`); mixed-case words keep their inner case (`getHTTPStatus`).
 * - A name that would not start an identifier (a digit: `2fa_enable`) gets a leading `_`.
 * - Names a client object cannot carry get a trailing `_`: JavaScript reserved words (so the
 *   method can also be destructured), the client's own `close`, `then` (an object with `then` is
 *   a thenable: `await createClient()` would call it), and the members every object inherits
 *   (`constructor`, `toString` …).
 * - Collisions (`list_items` and `list-items`) are settled in tools/list order: the first keeps
 *   the name, later ones get `2`, `3` … (the first free one).
 */

const RESERVED = new Set([
  // ECMAScript reserved words, strict-mode reserved words and literals
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import',
  'in', 'instanceof', 'interface', 'let', 'new', 'null', 'package', 'private', 'protected', 'public',
  'return', 'static', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while',
  'with', 'yield', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
  // members of the client itself, and of every object
  'close', 'then', 'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable',
  'toLocaleString', 'toString', 'valueOf',
]);

/** What a generated method name must look like (checked again when it is printed). */
export const METHOD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `list_items` → `listItems`, before reserved words and collisions are settled. */
export function lowerCamelCase(toolName: string): string {
  const words = toolName.split(/[_.\-]+/).filter((w) => w !== '');
  const out = words.map((word, i) => {
    const w = /[a-z]/.test(word) ? word : word.toLowerCase();
    if (i > 0) return w.charAt(0).toUpperCase() + w.slice(1);
    const lead = /^[A-Z]+/.exec(w)?.[0] ?? '';
    // `HTTPGet`: keep the last capital of the run, it starts the next word.
    const cut = lead.length > 1 && lead.length < w.length && /[a-z]/.test(w.charAt(lead.length)) ? lead.length - 1 : lead.length;
    return w.slice(0, cut).toLowerCase() + w.slice(cut);
  });
  const name = out.join('').replace(/[^A-Za-z0-9_$]/g, '_');
  return name === '' ? '_' : name;
}

/** One method name per tool, in the order given (tools/list order). */
export function methodNames(toolNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return toolNames.map((tool) => {
    let base = lowerCamelCase(tool);
    if (/^[0-9]/.test(base)) base = `_${base}`;
    if (RESERVED.has(base)) base = `${base}_`;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    return name;
  });
}
