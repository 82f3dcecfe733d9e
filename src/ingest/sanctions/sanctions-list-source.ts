import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ServiceError } from '../../domain/errors';

/*
 * Where the daily refresh reads the list: the operator's URL (SANCTIONS_LIST_URL) or a file or folder
 * (SANCTIONS_LIST_FILE). Nothing else is ever fetched: no default address, so an install that configures
 * neither never reaches the internet. Reading fails with a reason rather than hanging or filling memory: a time
 * limit, a size limit, and redirects followed only on the configured host.
 */

export type SanctionsListSource = { kind: 'url'; url: string } | { kind: 'file'; path: string };

export interface ReadSourceOptions {
  /** Whole download, connection to last byte. */
  timeoutMs?: number;
  maxBytes?: number;
}

/** The list is tens of megabytes; this is far above it and far below trouble. */
export const SANCTIONS_LIST_MAX_BYTES = 200 * 1024 * 1024;
export const SANCTIONS_LIST_TIMEOUT_MS = 120_000;
const MAX_REDIRECTS = 5;

export interface SourceBytes {
  bytes: Buffer;
  /** What was read: the URL finally fetched, or the file's absolute path (the newest list file of a folder). */
  source: string;
}

export async function readSanctionsListSource(
  source: SanctionsListSource,
  options: ReadSourceOptions = {},
): Promise<SourceBytes> {
  const maxBytes = options.maxBytes ?? SANCTIONS_LIST_MAX_BYTES;
  return source.kind === 'url'
    ? fetchList(source.url, maxBytes, options.timeoutMs ?? SANCTIONS_LIST_TIMEOUT_MS)
    : readListFile(source.path, maxBytes);
}

export function describeSource(source: SanctionsListSource): string {
  return source.kind === 'url' ? source.url : resolve(source.path);
}

async function readListFile(path: string, maxBytes: number): Promise<SourceBytes> {
  const file = await listFileAt(resolve(path));
  const info = await stat(file).catch(() => null);
  if (info === null)
    throw new ServiceError('unavailable', `No sanctions list file at ${file}`, { source: file });
  if (info.size > maxBytes) throw tooLarge(file, maxBytes);
  return { bytes: await readFile(file), source: file };
}

/** A folder stands for the newest .csv in it: operators drop each day's download beside the last. */
async function listFileAt(path: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isDirectory()) return path;
  const files: { file: string; mtimeMs: number }[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.toLowerCase().endsWith('.csv')) continue;
    const file = join(path, entry.name);
    files.push({ file, mtimeMs: (await stat(file)).mtimeMs });
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? 1 : -1));
  if (files.length === 0)
    throw new ServiceError('unavailable', `No .csv file in the sanctions list folder ${path}`, {
      source: path,
    });
  return files[0]!.file;
}

function tooLarge(source: string, maxBytes: number): ServiceError {
  return new ServiceError(
    'invalid_argument',
    `The sanctions list at ${source} is larger than ${maxBytes} bytes`,
    {
      source,
      max_bytes: maxBytes,
    },
  );
}

async function fetchList(url: string, maxBytes: number, timeoutMs: number): Promise<SourceBytes> {
  const signal = AbortSignal.timeout(timeoutMs);
  const origin = new URL(url).origin;
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, { redirect: 'manual', signal });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location === null ? null : new URL(location, current);
        // The configured host is the operator's choice; a redirect elsewhere is not, so it is named and refused.
        if (next === null || next.origin !== origin || redirects >= MAX_REDIRECTS) {
          throw new ServiceError(
            'unavailable',
            next === null || next.origin === origin
              ? `Too many redirects fetching the sanctions list from ${url}`
              : `The sanctions list at ${current} redirects to another host (${next.origin}); configure that address instead`,
            { source: url, location },
          );
        }
        current = next.toString();
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ServiceError(
          'unavailable',
          `Fetching the sanctions list from ${current} answered HTTP ${response.status}`,
          {
            source: current,
            status: response.status,
          },
        );
      }
      // A compressed body is decoded on the way in, so its announced length says nothing about what arrives.
      const declared = response.headers.has('content-encoding')
        ? NaN
        : Number(response.headers.get('content-length') ?? NaN);
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw tooLarge(current, maxBytes);
      }
      const parts: Buffer[] = [];
      let size = 0;
      for await (const part of response.body ?? []) {
        size += (part as Uint8Array).byteLength;
        if (size > maxBytes) throw tooLarge(current, maxBytes);
        parts.push(Buffer.from(part as Uint8Array));
      }
      // A connection cut short can still end cleanly; a shorter body than announced is a truncated list.
      if (Number.isFinite(declared) && size !== declared) {
        throw new ServiceError(
          'unavailable',
          `The sanctions list from ${current} ended after ${size} of ${declared} bytes`,
          {
            source: current,
          },
        );
      }
      return { bytes: Buffer.concat(parts), source: current };
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const timedOut = signal.aborted;
    throw new ServiceError(
      'unavailable',
      timedOut
        ? `Fetching the sanctions list from ${current} took longer than ${timeoutMs} ms`
        : `Fetching the sanctions list from ${current} failed: ${(error as Error).message}`,
      { source: current },
    );
  }
}
