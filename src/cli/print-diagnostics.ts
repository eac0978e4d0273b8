import { formatDiagnostic, type Diagnostic } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import { printable } from './printable.js';

/** Diagnostics carry file URLs internally; people read the name they typed. */
export function displayDiagnostic(d: Diagnostic, loaded: LoadedSpec | undefined): Diagnostic {
  if (!d.file || !loaded) return d;
  const file = loaded.files.get(d.file);
  return file ? { ...d, file: file.display } : d;
}

export function printDiagnostics(items: readonly Diagnostic[], loaded: LoadedSpec | undefined, asErrors = false): void {
  for (const d of items) {
    const shown = displayDiagnostic(asErrors ? { ...d, severity: 'error' } : d, loaded);
    process.stderr.write(printable(formatDiagnostic(shown)) + '\n');
  }
}
