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
}

/** What `emit` produces: the files of one package, sorted by path. */
export interface EmitPlan {
  files: GeneratedFile[];
}
