import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ServiceError } from '../../domain/errors';
import type { SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { OFAC_SDN_FILES } from './ofac/ofac-sdn-csv-layout';
import { fetchListFile, listTooLarge } from './sanctions-list-fetch';
import type { SanctionsListFiles } from './sanctions-list-layouts';
import { SANCTIONS_LIST_REFRESH, type SanctionsListFileLayout } from './sanctions-list-refresh-table';

/*
 * Where the daily refresh reads a list: the operator's URL or a file or folder (sanctions-list-refresh-table.ts
 * names the variables). Nothing else is ever fetched: no default address, so an install that configures neither
 * never reaches the internet. Reading fails with a reason rather than hanging or filling memory: a time limit and
 * a size limit over the whole list (all of OFAC's files together), and redirects followed only on the configured
 * host.
 */

export type SanctionsListSource = { kind: 'url'; url: string } | { kind: 'file'; path: string };

export interface ReadSourceOptions {
  /** Whole download, connection to last byte of the last file. */
  timeoutMs?: number;
  maxBytes?: number;
}

/** The largest list is tens of megabytes; this is far above it and far below trouble. */
export const SANCTIONS_LIST_MAX_BYTES = 200 * 1024 * 1024;
export const SANCTIONS_LIST_TIMEOUT_MS = 120_000;

const OFAC_SDN = OFAC_SDN_FILES.sdn.name;
/** Read when present beside sdn.csv; fetched beside SDN.CSV. */
const OFAC_COMPANIONS = [OFAC_SDN_FILES.add.name, OFAC_SDN_FILES.alt.name, OFAC_SDN_FILES.comments.name];
/** OFAC's files go by the specification's names whatever the source spelt them (SDN.CSV from the Service). */
const OFAC_FILE_NAMES = [OFAC_SDN, ...OFAC_COMPANIONS];

export interface SourceFiles {
  files: SanctionsListFiles;
  /** What was read: the URL finally fetched, or the file's absolute path (for OFAC: sdn.csv's). */
  source: string;
}

export async function readSanctionsListSource(
  list: SanctionsListId,
  source: SanctionsListSource,
  options: ReadSourceOptions = {},
): Promise<SourceFiles> {
  const layout: SanctionsListFileLayout = SANCTIONS_LIST_REFRESH[list].files;
  const maxBytes = options.maxBytes ?? SANCTIONS_LIST_MAX_BYTES;
  if (source.kind === 'file')
    return layout.kind === 'ofac-sdn-csv'
      ? readOfacFiles(resolve(source.path), maxBytes)
      : readOneFile(await newestListFile(resolve(source.path), layout.extension), maxBytes);
  const timeoutMs = options.timeoutMs ?? SANCTIONS_LIST_TIMEOUT_MS;
  return layout.kind === 'ofac-sdn-csv'
    ? fetchFiles(ofacUrls(source.url), maxBytes, timeoutMs, OFAC_FILE_NAMES)
    : fetchFiles([source.url], maxBytes, timeoutMs);
}

export function describeSource(source: SanctionsListSource): string {
  return source.kind === 'url' ? source.url : resolve(source.path);
}

/**
 * SDN.CSV's companions at the same address but for the last path segment, written in its case (OFAC's Sanctions
 * List Service names them in capitals, the older treasury.gov downloads in lower case); a query string (a token)
 * is kept.
 */
export function ofacUrls(sdnUrl: string): string[] {
  const url = new URL(sdnUrl);
  const segments = url.pathname.split('/');
  const last = segments.at(-1) ?? '';
  if (last.toLowerCase() !== OFAC_SDN)
    throw new ServiceError(
      'invalid_argument',
      `An OFAC source URL names its ${OFAC_SDN} (the companions are fetched from beside it), not ${sdnUrl}`,
      { source: sdnUrl },
    );
  const upper = last === last.toUpperCase();
  const companions = OFAC_COMPANIONS.map((name) => {
    const companion = new URL(url);
    companion.pathname = [...segments.slice(0, -1), upper ? name.toUpperCase() : name].join('/');
    return companion.toString();
  });
  return [sdnUrl, ...companions];
}

async function fetchFiles(
  urls: string[],
  maxBytes: number,
  timeoutMs: number,
  names?: readonly string[],
): Promise<SourceFiles> {
  const signal = AbortSignal.timeout(timeoutMs);
  const origin = new URL(urls[0]!).origin;
  const files = new Map<string, Buffer>();
  let read = 0;
  let source = urls[0]!;
  // One after another: a missing companion (a mirror that has only SDN.CSV) stops the refresh before the rest
  // are downloaded, and a version is never made of part of OFAC's files.
  for (const [index, url] of urls.entries()) {
    const fetched = await fetchListFile(url, { origin, maxBytes, alreadyRead: read, signal, timeoutMs });
    read += fetched.bytes.length;
    files.set(names?.[index] ?? fileNameOf(fetched.url), fetched.bytes);
    if (index === 0) source = fetched.url;
  }
  return { files, source };
}

/** A URL's last path segment, the name its file goes by. */
function fileNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
  return name === '' ? 'list' : name;
}

async function readOneFile(file: string, maxBytes: number): Promise<SourceFiles> {
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile())
    throw new ServiceError('unavailable', `No sanctions list file at ${file}`, { source: file });
  if (info.size > maxBytes) throw listTooLarge(file, maxBytes);
  return { files: new Map([[basename(file), await readFile(file)]]), source: file };
}

/** A folder stands for its newest file of the list's extension: operators drop each day's download beside the last. */
async function newestListFile(path: string, extension: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isDirectory()) return path;
  const files: { file: string; mtimeMs: number }[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.toLowerCase().endsWith(extension)) continue;
    const file = join(path, entry.name);
    files.push({ file, mtimeMs: (await stat(file)).mtimeMs });
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? 1 : -1));
  if (files.length === 0)
    throw new ServiceError('unavailable', `No ${extension} file in the sanctions list folder ${path}`, {
      source: path,
    });
  return files[0]!.file;
}

/**
 * OFAC's files from a folder holding sdn.csv, or from beside sdn.csv itself; names are matched whatever their
 * case (and given the specification's). A companion that is not there is left out: the operator chose what to drop in the folder.
 */
async function readOfacFiles(path: string, maxBytes: number): Promise<SourceFiles> {
  const info = await stat(path).catch(() => null);
  if (info === null)
    throw new ServiceError('unavailable', `No sanctions list file at ${path}`, { source: path });
  if (info.isFile() && basename(path).toLowerCase() !== OFAC_SDN)
    throw new ServiceError(
      'invalid_argument',
      `An OFAC source is ${OFAC_SDN} or the folder holding it (with add.csv, alt.csv, sdn_comments.csv), not ${path}`,
      { source: path },
    );
  const folder = info.isDirectory() ? path : dirname(path);
  const present = new Map<string, string>();
  for (const entry of await readdir(folder, { withFileTypes: true }))
    if (entry.isFile()) present.set(entry.name.toLowerCase(), entry.name);
  const sdn = info.isFile() ? basename(path) : present.get(OFAC_SDN);
  if (sdn === undefined)
    throw new ServiceError('unavailable', `No ${OFAC_SDN} in the OFAC list folder ${folder}`, {
      source: folder,
    });
  const files = new Map<string, Buffer>();
  let read = 0;
  const found = [sdn, ...OFAC_COMPANIONS.map((companion) => present.get(companion))];
  for (const [index, name] of found.entries()) {
    if (name === undefined) continue;
    const file = join(folder, name);
    read += (await stat(file)).size;
    if (read > maxBytes) throw listTooLarge(file, maxBytes);
    files.set(OFAC_FILE_NAMES[index]!, await readFile(file));
  }
  return { files, source: join(folder, sdn) };
}
