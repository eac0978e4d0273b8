/**
 * The error for credentials that cannot be supplied: environment variables not set, a value an
 * HTTP header cannot hold, a token endpoint that refused or failed. The tool call answers it with
 * `isError` and this message, which names environment variables but never holds their values.
 */
export class AuthError extends Error {
  override name = 'AuthError';
  /** The token endpoint's HTTP status, when it answered with an error. */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}
