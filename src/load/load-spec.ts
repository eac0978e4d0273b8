/**
 * Loading a spec: what is read, and from where.
 *
 * - The input is a file path (relative to the working directory) or an http(s) URL. Its content,
 *   not its name, decides between JSON and YAML.
 * - Every `$ref` with a file part (`other.yaml#/Pet`, `../shared/errors.json`, `https://…/x.yaml`)
 *   resolves relative to the file that contains it, not to the root file, and the file it names is
 *   read too, recursively. Each file is read once, however many refs name it.
 * - A spec loaded from a URL may only reach http(s) URLs, never local files: a `$ref` in a fetched
 *   file (root or not) that resolves to a `file:` URL is refused with a warning (`ref-file-refused`).
 * - No spec, local or fetched, may make us fetch a loopback, link-local or private address,
 *   checked again after every redirect (a `ref-file-unreadable` warning), except on the root's own
 *   origin (a fetched root) and allowed origins (see ref-boundary.ts).
 * - A local spec may reach local files inside its own directory tree and the allowed directories
 *   (`allowRefs`, `--allow-ref`), through relative or absolute paths, and public http(s) URLs. A
 *   `$ref` to any other local file stops the run (an error naming the `$ref`; the file is never read).
 *   Other URL schemes (`urn:`, `ftp:`) are never read.
 * - Every file is read up to `MAX_FILE_BYTES`, all of them together up to `MAX_TOTAL_BYTES`, and
 *   every parsed document is checked against `checkDocumentLimits` (YAML alias bombs, deep nesting).
 * - A referenced file that cannot be read (missing, a failed fetch) or a fetched one that does not
 *   parse is not fatal: a warning (`ref-file-unreadable`) names it, at the first `$ref` to it in
 *   each referring file, and refs into it stay unresolved. A local file that does not parse (or
 *   breaks `checkDocumentLimits`) stops the run, as a root file does: it is there, but broken.
 * - A `$ref` nested inside a literal value (`example`, `default`, `enum`, `const`, an Example's
 *   `value`, array `examples`) is data, not a reference, and is not followed; a `$ref` that is the
 *   whole value (`example: { $ref: examples.yml#/pets }`) is.
 * - The root file must be an OpenAPI 2.0, 3.0 or 3.1 document with a `paths` object (3.1: or
 *   `webhooks`/`components` instead), or a tool manifest (`toolManifest: 1`, see src/manifest/);
 *   anything wrong with the root file stops the run.
 */
import { DiagnosticBag, UserError } from '../diagnostics.js';
import { collectExternalRefs, mayHaveExternalRefs } from './collect-external-refs.js';
import type { LoadedSpec, SpecFile } from './loaded-spec.js';
import { isJsonText } from './parse-document.js';
import { rootReadError } from './root-directory-hint.js';
import { parseSpecBytes } from './spec-text.js';
import type { PrefetchedFile } from './prefetch.js';
import { checkDocumentLimits } from './document-limits.js';
import { pinnedFetch } from './pinned-fetch.js';
import { privateAddressRefusal } from './private-address.js';
import { MAX_FILE_BYTES, readSource, type ReadGuard, type SourceBytes } from './read-source.js';
import { isInsideBoundary, refBoundary, type RefBoundary } from './ref-boundary.js';
import { splitRef } from './resolve-ref.js';
import { hashBytes, hashSources } from './spec-hash.js';
import { displayName, isHttpUrl, toSourceUrl } from './source-url.js';
import { detectSpecVersion } from './spec-version.js';
import { checkManifestRoot, isToolManifest } from '../manifest/manifest-root.js';

export interface LoadOptions {
  /** Directory that relative paths and display names are relative to. Default: `process.cwd()`. */
  cwd?: string;
  /** Used for http(s) sources. Default: node:http(s) refusing private addresses as it connects (pinned-fetch.ts). */
  fetch?: typeof fetch;
  /** The root file, already being read (see prefetch.ts); used when its URL is the root's. */
  prefetched?: PrefetchedFile | undefined;
  /**
   * Directories (relative to `cwd`) outside the spec's own directory tree whose files `$ref`s may
   * read, and origins (`http://10.0.0.5:8080/`) a URL-loaded spec may fetch although their address
   * is private. CLI `--allow-ref`, config key `allowRef`.
   */
  allowRefs?: readonly string[] | undefined;
}

/** All files of one spec together may hold at most this many bytes. */
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/** How many files are fetched at the same time (local files are read synchronously, see read-source.ts). */
const MAX_PARALLEL_READS = 32;

/** Reads and parses the spec at `input` and every file its `$ref`s reach. Throws `UserError` on a bad root. */
export async function loadSpec(input: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  const cwd = options.cwd ?? process.cwd();
  let rootUrl: string;
  try {
    rootUrl = toSourceUrl(input, cwd);
  } catch {
    throw new UserError(`cannot read ${input}: invalid URL`);
  }
  const rootDisplay = displayName(rootUrl, cwd);
  const boundary = refBoundary(rootUrl, options.allowRefs ?? [], cwd);
  // Connections only to the addresses the guard below allows, checked again as they are made (DNS rebinding).
  const fetchFn = options.fetch ?? pinnedFetch(boundary.origins);
  // Local specs too: a downloaded spec is as untrusted as a fetched one (a local spec's
  // `$ref: http://169.254.169.254/…` put instance metadata into tools/list).
  const guard: ReadGuard = (url) => privateAddressRefusal(url, boundary.origins);
  const source = options.prefetched?.url === rootUrl ? await fromPrefetch(options.prefetched, rootDisplay, fetchFn) : await readSource(rootUrl, rootDisplay, fetchFn, guard);
  if (!source.ok) throw new UserError(rootReadError(source.message, rootUrl, rootDisplay));
  const { text, document } = parseSpecBytes(source.bytes, rootDisplay);
  checkDocumentLimits(document, rootDisplay, isJsonText(text) ? { json: text } : {});
  // A tool manifest is recognised by its content (a `toolManifest` field), as OpenAPI is.
  const manifest = isToolManifest(document);
  const specVersion = manifest ? checkManifestRoot(document, rootDisplay) : detectSpecVersion(document, rootDisplay);
  const root: SpecFile = { url: rootUrl, display: rootDisplay, document };

  const files = new Map<string, SpecFile>([[rootUrl, root]]);
  const bytes = new Map<string, Uint8Array>([[rootUrl, source.bytes]]);
  const diagnostics = new DiagnosticBag();
  await loadReferencedFiles({ root, text }, { cwd, fetchFn, files, bytes, diagnostics, boundary, guard });
  const fileHashes = new Map([...bytes].map(([url, b]) => [url, hashBytes(b)]));
  return { root, files, hash: hashSources(rootUrl, fileHashes), fileHashes, diagnostics: diagnostics.items, specVersion };
}

/** The prefetched bytes; on a read error, a read of our own, which reports it as usual. */
async function fromPrefetch(prefetched: PrefetchedFile, display: string, fetchFn: typeof fetch): Promise<SourceBytes> {
  try {
    const bytes = await prefetched.bytes;
    if (bytes.length > MAX_FILE_BYTES) return { ok: false, message: `cannot read ${display}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB` };
    return { ok: true, bytes };
  } catch {
    return readSource(prefetched.url, display, fetchFn);
  }
}

interface LoadState {
  cwd: string;
  fetchFn: typeof fetch;
  files: Map<string, SpecFile>;
  bytes: Map<string, Uint8Array>;
  diagnostics: DiagnosticBag;
  boundary: RefBoundary;
  guard: ReadGuard;
}

/** One `$ref` from a file to another, and why the target is unavailable when that is known up front. */
interface RefEdge {
  from: SpecFile;
  pointer: string;
  target: string;
  /** Set when the target is not even tried: an invalid URL, or a local file named by a fetched one. */
  refused?: { code: string; message: string };
  /** Set (to the `$ref` as written) when the target is a local file outside the spec's directory tree and the allowed directories. */
  leaving?: string;
}

/**
 * Breadth-first over the ref graph, one level at a time: the files a level references are read in
 * parallel, then parsed and scanned for their own refs. Order-independent results (warnings are
 * emitted at the end, in the order the refs were met).
 */
async function loadReferencedFiles(start: { root: SpecFile; text: string }, state: LoadState): Promise<void> {
  const { files, bytes, cwd } = state;
  const failed = new Map<string, string>();
  const edges: RefEdge[] = [];
  let total = [...state.bytes.values()].reduce((sum, b) => sum + b.length, 0);
  let level: { file: SpecFile; text: string }[] = [{ file: start.root, text: start.text }];
  while (level.length > 0) {
    const wanted = new Set<string>();
    for (const { file, text } of level) {
      if (!mayHaveExternalRefs(text)) continue;
      for (const { pointer, ref } of collectExternalRefs(file.document)) {
        const edge = refEdge(file, pointer, ref, state.boundary);
        edges.push(edge);
        if (edge.refused === undefined && edge.leaving === undefined && !files.has(edge.target) && !failed.has(edge.target)) wanted.add(edge.target);
      }
    }
    refuseLeavingRefs(edges);
    const reads = await mapParallel([...wanted], MAX_PARALLEL_READS, async (url) => {
      const display = displayName(url, cwd);
      const source = await readSource(url, display, state.fetchFn, state.guard);
      if (!source.ok) return { url, error: source.message };
      try {
        const { text, document } = parseSpecBytes(source.bytes, display);
        checkDocumentLimits(document, display, isJsonText(text) ? { json: text } : {});
        return { url, text, bytes: source.bytes, file: { url, display, document } };
      } catch (error) {
        // A local file that was read but does not parse is broken (mid-edit, a bad merge), not
        // missing: the run stops as it does for a broken root file, and nothing is written.
        if (error instanceof UserError) return url.startsWith('file:') ? { url, broken: error } : { url, error: error.message };
        throw error;
      }
    });
    level = [];
    for (const read of reads) {
      if ('broken' in read) throw read.broken; // the first in the order the refs were met
      if (read.error !== undefined) {
        failed.set(read.url, read.error);
        continue;
      }
      total += read.bytes.length;
      if (total > MAX_TOTAL_BYTES) throw new UserError(`${start.root.display}: the spec's files together are larger than ${MAX_TOTAL_BYTES / 1024 / 1024} MiB; stopped at ${read.file.display}`);
      files.set(read.url, read.file);
      bytes.set(read.url, read.bytes);
      level.push({ file: read.file, text: read.text });
    }
  }
  reportUnavailable(edges, failed, state.diagnostics);
}

function refEdge(from: SpecFile, pointer: string, ref: string, boundary: RefBoundary): RefEdge {
  let target: string;
  try {
    target = splitRef(from.url, ref).url;
  } catch {
    return { from, pointer, target: ref, refused: { code: 'ref-file-unreadable', message: `cannot read ${ref}: invalid URL` } };
  }
  if (isHttpUrl(from.url) && !isHttpUrl(target)) {
    const message = `refused to read ${target}: a file fetched from a URL may only reference http(s) URLs`;
    return { from, pointer, target, refused: { code: 'ref-file-refused', message } };
  }
  if (target.startsWith('file:') && !isInsideBoundary(target, boundary)) return { from, pointer, target, leaving: ref };
  return { from, pointer, target };
}

/**
 * Stops the run when some `$ref` names a local file outside the spec's directory tree and the
 * allowed directories: one error per such `$ref` (its text, never the file's), nothing read.
 */
function refuseLeavingRefs(edges: readonly RefEdge[]): void {
  const leaving = edges.filter((e) => e.leaving !== undefined);
  if (leaving.length === 0) return;
  const diagnostics = leaving.map((e) => ({
    severity: 'error' as const,
    code: 'ref-outside-spec',
    message: `$ref ${JSON.stringify(e.leaving)} leaves the spec's directory; allow its directory with --allow-ref <dir> (config key "allowRef") if you trust it`,
    file: e.from.display,
    pointer: e.pointer,
  }));
  const n = leaving.length;
  throw new UserError(`${n} $ref${n === 1 ? '' : 's'} outside the spec's directory refused; nothing read or written`, diagnostics);
}

/** One warning per referring file and unavailable target, at the first ref to it in that file. */
function reportUnavailable(edges: readonly RefEdge[], failed: ReadonlyMap<string, string>, diagnostics: DiagnosticBag): void {
  const reported = new Set<string>();
  for (const edge of edges) {
    const failure = failed.get(edge.target);
    const problem = edge.refused ?? (failure === undefined ? undefined : { code: 'ref-file-unreadable', message: failure });
    if (problem === undefined) continue;
    const key = `${edge.from.url}\n${edge.target}`;
    if (reported.has(key)) continue;
    reported.add(key);
    diagnostics.warn(problem.code, problem.message, { file: edge.from.display, pointer: edge.pointer });
  }
}

/** `Promise.all(items.map(fn))` with at most `limit` calls in flight; results in input order. */
async function mapParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
