/** One file of a generated package. */
export interface GeneratedFile {
  /** Relative to the output directory, forward slashes. */
  path: string;
  contents: string;
  /**
   * The UTF-8 bytes of `contents`, when emit produced them itself (then `contents` is only
   * decoded if read): the writer uses them as they are.
   */
  bytes?: Uint8Array;
  /** `generator` files are rewritten on every run; `user` files are created once and then left alone. */
  owner: 'generator' | 'user';
  /**
   * For a generator file the user may edit in part (package.json): given the file as it is on disk,
   * returns it with only the generator's part brought up to date (`contents` is for a new file).
   */
  merge?: (current: string) => string;
  /**
   * For a file with `merge`: the generator's part of the file's text, which the manifest hashes
   * instead of the whole file, so that edits of the user's part are not changes of the output.
   */
  generatorPart?: (text: string) => string;
}

/** What `emit` produces: the files of one package, sorted by path. */
export interface EmitPlan {
  files: GeneratedFile[];
  /** The mode the server starts in, and why (emit/tools-mode.ts); absent for a client-only package. */
  toolsMode?: { mode: 'static' | 'dynamic'; reason: string };
  /** The server sends no upstream credential (ToolModel.noCredentials): how to declare a token (emit/api-config.ts). */
  credentialHint?: { variable: string; options: string };
}
