/**
 * The package's own name and version, read from its package.json at start-up (the version is
 * the user's to set: `npm pkg set version=2.0.0` shows in `--version` and the user agent without a
 * regeneration). Falls back to the generated config when the file cannot be read.
 */
import { readFileSync } from 'node:fs';

export interface PackageInfo {
  name: string;
  version: string;
}

export function readPackageInfo(file: URL | undefined, fallback: PackageInfo): PackageInfo {
  if (file === undefined) return fallback;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
  const field = (key: keyof PackageInfo): string => {
    const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' && value !== '' ? value : fallback[key];
  };
  return { name: field('name'), version: field('version') };
}

/** `petstore-mcp/1.0.0 openapi-mcp`: the user-agent of upstream requests (printable ASCII only). */
export function userAgent(info: PackageInfo): string {
  const token = (text: string): string => text.replace(/[^\x21-\x7e]/g, '');
  return `${token(info.name)}/${token(info.version)} openapi-mcp`;
}
