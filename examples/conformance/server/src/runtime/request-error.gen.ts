/**
 * The error for an argument that cannot be put into the upstream request (a control character in a
 * header, `..` as a path segment, invalid base64 …). The tool call answers it with `isError` and
 * this message, which names the argument and never repeats its value.
 */
export class RequestError extends Error {
  override name = 'RequestError';
}
