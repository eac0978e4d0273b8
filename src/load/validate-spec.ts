import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../diagnostics.js';
import type { LoadedSpec } from './loaded-spec.js';

/** More findings than this are summed up in one last warning. */
const MAX_FINDINGS = 100;

/**
 * Opt-in full validation (`--validate`): runs `@apidevtools/swagger-parser` over the loaded files
 * (copies, since it dereferences in place; served from memory, nothing is read twice) and turns what
 * it finds into `schema-invalid` warnings. Slow on big specs (GitHub: ~4 s), hence not by default.
 * swagger-parser stops at the first failing check, so this reports one kind of problem at a time.
 */
export async function validateSpec(loaded: LoadedSpec): Promise<Diagnostic[]> {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const file = loaded.root.display;
  const fromMemory = {
    order: 1,
    canRead: true,
    read: (info: { url: string }): object => {
      const url = info.url.startsWith('/') ? pathToFileURL(info.url).href : info.url.replace(/#.*$/, '');
      const found = loaded.files.get(url);
      if (found === undefined) throw new Error(`${url} was not loaded`);
      return structuredClone(found.document) as object;
    },
  };
  try {
    await SwaggerParser.validate(loaded.root.url, structuredClone(loaded.root.document) as never, {
      resolve: { file: false, http: false, fromMemory } as never,
    });
    return [];
  } catch (error) {
    return findings(error, file);
  }
}

interface AjvError {
  instancePath?: string;
  message?: string;
}

function findings(error: unknown, file: string): Diagnostic[] {
  const details = (error as { details?: unknown }).details;
  if (Array.isArray(details) && details.length > 0) {
    const seen = new Set<string>();
    const out: Diagnostic[] = [];
    for (const detail of details as AjvError[]) {
      const pointer = detail.instancePath ?? '';
      const message = detail.message ?? 'is invalid';
      const key = `${pointer}\n${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ severity: 'warning', code: 'schema-invalid', message, file, pointer });
    }
    if (out.length > MAX_FINDINGS) {
      const more = out.length - MAX_FINDINGS;
      out.length = MAX_FINDINGS;
      out.push({ severity: 'warning', code: 'schema-invalid', message: `and ${more} more schema validation findings`, file });
    }
    return out;
  }
  const text = error instanceof Error ? error.message : String(error);
  const message = (text.split('\n')[0] ?? text).replace(/^Validation failed\.\s*/, '');
  return [{ severity: 'warning', code: 'schema-invalid', message, file }];
}
