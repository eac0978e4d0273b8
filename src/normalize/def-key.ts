/**
 * Readable `$defs` keys for `$ref` targets: the component name for `#/components/schemas/X` and
 * `#/definitions/X` (and any other pointer's last segment), the file name for a whole file.
 */

/** Replaces every character outside `[A-Za-z0-9_.-]` with `_` (so a key needs no escaping in a JSON pointer). */
export function sanitizeDefKey(raw: string): string {
  const key = raw.replace(/[^A-Za-z0-9_.-]/g, '_');
  return key === '' ? 'schema' : key;
}

/** The key a target would like to have, before clashes are settled. */
export function defKeyBase(fileUrl: string, pointer: string): string {
  if (pointer === '' || pointer === '/') return sanitizeDefKey(fileStem(fileUrl));
  const last = pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return sanitizeDefKey(last);
}

/** `file:///a/b/pet.schema.yaml` → `pet.schema`. */
function fileStem(fileUrl: string): string {
  let path: string;
  try {
    path = new URL(fileUrl).pathname;
  } catch {
    path = fileUrl;
  }
  let name = path.slice(path.lastIndexOf('/') + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep it encoded
  }
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
