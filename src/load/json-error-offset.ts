/**
 * Offset of the first syntax error in `text` as JSON, or -1 when it is valid. Only used on the
 * error path, for the `JSON.parse` messages that carry no position (`Unexpected token 'x', "…" is
 * not valid JSON`, `Unexpected end of JSON input`). Iterative, so deep nesting cannot overflow.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  const stack: ('{' | '[')[] = [];
  let i = skipSpace(text, 0);
  // What the scanner expects next.
  let want: 'value' | 'key' | 'key-or-close' | 'value-or-close' | 'colon' | 'next' = 'value';
  for (;;) {
    if (want === 'next') {
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? i : -1;
      const c = text[i];
      if (c === ',') {
        i = skipSpace(text, i + 1);
        want = top === '{' ? 'key' : 'value';
      } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        stack.pop();
        i = skipSpace(text, i + 1);
      } else {
        return i;
      }
      continue;
    }
    if (i >= n) return n;
    const c = text[i];
    if (want === 'colon') {
      if (c !== ':') return i;
      i = skipSpace(text, i + 1);
      want = 'value';
      continue;
    }
    if ((want === 'key-or-close' && c === '}') || (want === 'value-or-close' && c === ']')) {
      stack.pop();
      i = skipSpace(text, i + 1);
      want = 'next';
      continue;
    }
    if (want === 'key' || want === 'key-or-close') {
      if (c !== '"') return i;
      const end = scanString(text, i);
      if (end < 0) return -end - 1;
      i = skipSpace(text, end);
      want = 'colon';
      continue;
    }
    // A value.
    if (c === '{' || c === '[') {
      stack.push(c);
      i = skipSpace(text, i + 1);
      want = c === '{' ? 'key-or-close' : 'value-or-close';
      continue;
    }
    const end = c === '"' ? scanString(text, i) : c === '-' || (c! >= '0' && c! <= '9') ? scanNumber(text, i) : scanLiteral(text, i);
    if (end < 0) return -end - 1;
    i = skipSpace(text, end);
    want = 'next';
  }
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else return i;
  }
}

/** End offset of the string starting at `i`, or `-(errorOffset + 1)`. */
function scanString(text: string, i: number): number {
  const n = text.length;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 32) return -(j + 1);
    if (c === 92) {
      const e = text[j + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -(j + 1);
        j += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
        j += 1;
      } else {
        return -(j + 1);
      }
    }
  }
  return -(n + 1);
}

function scanNumber(text: string, i: number): number {
  const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  number.lastIndex = i;
  const found = number.exec(text);
  if (found === null) return -(i + 1);
  return i + found[0].length;
}

function scanLiteral(text: string, i: number): number {
  for (const word of ['true', 'false', 'null']) {
    if (text[i] !== word[0]) continue;
    for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return -(i + k + 1);
    return i + word.length;
  }
  return -(i + 1);
}
