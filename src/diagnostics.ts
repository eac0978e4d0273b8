/** Where a diagnostic points: a file (path or URL as the user gave it, relative where possible) and a JSON pointer. */
export interface SourceLocation {
  file: string;
  pointer: string;
  line?: number;
  column?: number;
}

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. `ref-unresolved`, `duplicate-operation-id`. */
  code: string;
  message: string;
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
}

/**
 * A problem the user must fix (bad input, bad flag). The CLI prints its message as one line,
 * without a stack trace, and exits non-zero. Anything else that escapes is a bug.
 */
export class UserError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.name = 'UserError';
    this.diagnostics = diagnostics;
  }
}

/** Collects diagnostics for one run. Passed explicitly; never module-level state. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  warn(code: string, message: string, at?: SourceLocation): void {
    this.items.push({ severity: 'warning', code, message, ...at });
  }

  error(code: string, message: string, at?: SourceLocation): void {
    this.items.push({ severity: 'error', code, message, ...at });
  }

  /**
   * Drops exact repeats (same severity, code, message, file and pointer), keeping the first of each.
   * A component reached from several operations (a shared parameter) is converted once per use,
   * and its problems would otherwise be reported once per use. Called once, when mapping is done.
   */
  dropRepeats(): void {
    const seen = new Set<string>();
    let kept = 0;
    for (const d of this.items) {
      const key = `${d.severity}\0${d.code}\0${d.file ?? ''}\0${d.pointer ?? ''}\0${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.items[kept++] = d;
    }
    this.items.length = kept;
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'warning');
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }
}

/** `file#/pointer (line:col): message` — the one format every diagnostic is printed in. */
export function formatDiagnostic(d: Diagnostic): string {
  let where = '';
  if (d.file) {
    where = d.file;
    if (d.line !== undefined) where += `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}`;
    if (d.pointer !== undefined && d.pointer !== '') where += `#${d.pointer}`;
    where += ': ';
  }
  return `${d.severity} [${d.code}] ${where}${d.message}`;
}

/**
 * RFC 6901 JSON pointer from path segments. Called for most nodes of a spec (every schema keeps
 * its location), so a segment without `~` or `/` is used as it is, without the two replaces.
 */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) pointer += pointerSegment(segment);
  return pointer;
}

/** One segment of a JSON pointer: `/` and the segment, with `~` and `/` escaped. */
export function pointerSegment(segment: string | number): string {
  const text = String(segment);
  return text.includes('~') || text.includes('/') ? `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}` : `/${text}`;
}

/** Appends segments to an existing pointer. */
export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  return pointer + toPointer(segments);
}

/** Maps the file URLs diagnostics carry to the names people typed (a LoadedSpec fits). */
export interface FileNames {
  files: ReadonlyMap<string, { display: string }>;
}

export function displayDiagnostic(d: Diagnostic, names: FileNames | undefined): Diagnostic {
  if (!d.file || !names) return d;
  const file = names.files.get(d.file);
  return file ? { ...d, file: file.display } : d;
}
