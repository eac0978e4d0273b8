import { displayDiagnostic, formatDiagnostic, type Diagnostic, type FileNames } from '../diagnostics.js';
import { printable } from './printable.js';

/** Prints diagnostics to stderr, one line each, with the file names people typed. */
export function printDiagnostics(items: readonly Diagnostic[], names: FileNames | undefined): void {
  for (const d of items) process.stderr.write(printable(formatDiagnostic(displayDiagnostic(d, names))) + '\n');
}
