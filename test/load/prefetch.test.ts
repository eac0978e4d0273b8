import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/load/load-spec.js';
import { prefetchedBytes, prefetchFile } from '../../src/load/prefetch.js';

const spec = (title: string): string => JSON.stringify({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} });

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-mcp-prefetch-'));
  writeFileSync(join(dir, 'api.json'), spec('on disk'));
  return dir;
}

describe('prefetchFile', () => {
  it('reads a local file by the URL loadSpec will use', async () => {
    const dir = project();
    const prefetched = prefetchFile('api.json', dir)!;
    expect(prefetched.url).toBe(pathToFileURL(join(dir, 'api.json')).href);
    expect((await prefetched.bytes).toString()).toBe(spec('on disk'));
  });

  it('prefetchedBytes: the bytes with their URL, or nothing when the read failed or nothing was prefetched', async () => {
    const dir = project();
    const ok = prefetchFile('api.json', dir)!;
    expect(await prefetchedBytes(ok)).toEqual({ url: ok.url, bytes: Buffer.from(spec('on disk')) });
    expect(await prefetchedBytes(prefetchFile('missing.json', dir))).toBeUndefined();
    expect(await prefetchedBytes(undefined)).toBeUndefined();
  });

  it('does nothing for remote specs', () => {
    expect(prefetchFile('https://example.com/api.json', '/')).toBeUndefined();
  });
});

describe('loadSpec with a prefetched root', () => {
  it('takes the prefetched bytes for the root file', async () => {
    const dir = project();
    const url = pathToFileURL(join(dir, 'api.json')).href;
    const loaded = await loadSpec('api.json', { cwd: dir, prefetched: { url, bytes: Promise.resolve(Buffer.from(spec('prefetched'))) } });
    expect((loaded.root.document as { info: { title: string } }).info.title).toBe('prefetched');
  });

  it('ignores bytes prefetched for another file', async () => {
    const dir = project();
    const loaded = await loadSpec('api.json', { cwd: dir, prefetched: { url: 'file:///elsewhere.json', bytes: Promise.resolve(Buffer.from(spec('other'))) } });
    expect((loaded.root.document as { info: { title: string } }).info.title).toBe('on disk');
  });

  it('a failed prefetch reports the error a plain load reports', async () => {
    const dir = project();
    const plain = await loadSpec('missing.json', { cwd: dir }).catch((error: unknown) => error);
    const prefetched = prefetchFile('missing.json', dir);
    const viaPrefetch = await loadSpec('missing.json', { cwd: dir, prefetched }).catch((error: unknown) => error);
    expect(viaPrefetch).toEqual(plain);
    expect(String(viaPrefetch)).toContain('cannot read missing.json: no such file');
  });
});
