/** Options of the map stage (all optional; defaults documented here). */
export interface MapOptions {
  /** `portable` (default): `^[A-Za-z0-9_-]{1,64}$`, accepted by model APIs. `spec`: the MCP maximum `^[A-Za-z0-9_.-]{1,128}$`. */
  nameStyle?: 'portable' | 'spec';
  /** Extra names (matched against a parameter name's words) or patterns that mark a parameter as sensitive. */
  sensitivePatterns?: readonly (string | RegExp)[];
  /** Maximum description length before it is cut with a visible marker. */
  descriptionMaxLength?: number;
}
