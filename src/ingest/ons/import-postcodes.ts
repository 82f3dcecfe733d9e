import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { PostcodePlace } from '../../db/entities/postcode-place';
import { knexOf } from '../../domain/companies/register-sql';
import { readLocalAuthorityNamesCsv } from './local-authority-names-csv';
import { parsePostcodeLookupCsv } from './postcode-lookup-csv';
import { createPostcodePlacesWriter, type PlacesBatchOutcome } from './postcode-places-writer';

/*
 * `import postcodes FILE [--names LA_NAMES_FILE]`: the ONS postcode lookup into postcode_places (docs/places.md).
 * The names file, when given, is read first, so every postcode row is written with its local authority's name.
 * The lookup is streamed and written in batches, one transaction each: memory stays flat over its 2.7 million
 * rows. Every row is an upsert, so a run that stopped is simply run again.
 */

export interface RejectedLookupRow {
  line: number;
  error: string;
}

export interface PostcodesImportProgress {
  rows: number;
  rejected: number;
  line: number;
  seconds: number;
  rowsPerSecond: number;
}

export interface ImportPostcodesOptions {
  /** The local authority names file from the lookup's Documents folder. */
  namesFile?: string;
  /** Rows per transaction; default suits the database. */
  batchSize?: number;
  /** Stop after the batch in flight commits. */
  signal?: AbortSignal;
  /** Called after a commit, at most once per progressIntervalMs (default 1 s), and once at the end. */
  onProgress?: (progress: PostcodesImportProgress) => void;
  progressIntervalMs?: number;
  /** Called for every refused row, as it is read. */
  onReject?: (row: RejectedLookupRow) => void;
  /** How many refused rows the summary lists; all are counted. Default 20. */
  maxReportedErrors?: number;
}

export interface ImportPostcodesResult {
  file: string;
  /** `stopped`: ended early by the signal; what was committed stays, running again finishes it. */
  status: 'completed' | 'stopped';
  /** Data rows read: inserted + updated + rejected. */
  rows: number;
  inserted: number;
  updated: number;
  rejected: number;
  errors: RejectedLookupRow[];
  /** Of the rows written: how many have an ITL1 region, a local authority, and how many are terminated. */
  with_region: number;
  with_local_authority: number;
  terminated: number;
  local_authority_names: {
    file: string;
    names: number;
    inserted: number;
    updated: number;
    rejected: number;
    errors: RejectedLookupRow[];
  } | null;
  seconds: number;
  rows_per_second: number;
}

export async function importPostcodeLookup(
  em: EntityManager,
  file: string,
  options: ImportPostcodesOptions = {},
): Promise<ImportPostcodesResult> {
  const writer = createPostcodePlacesWriter(em);
  const batchSize = options.batchSize ?? writer.preferredBatchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a whole number ≥ 1');
  const maxReported = options.maxReportedErrors ?? 20;
  const filePath = resolve(file);
  const started = performance.now();

  let namesResult: ImportPostcodesResult['local_authority_names'] = null;
  if (options.namesFile !== undefined) {
    const namesPath = resolve(options.namesFile);
    const read = await readLocalAuthorityNamesCsv(createReadStream(namesPath));
    const written = await writer.writeNames(read.names);
    namesResult = {
      file: namesPath,
      names: read.names.length,
      ...written,
      rejected: read.rejected.length,
      errors: read.rejected.slice(0, maxReported),
    };
  }
  // Names held from earlier imports count too: a postcode file imported alone keeps the names already known.
  const stored = (await knexOf(em)('local_authorities').select('code', 'name')) as {
    code: string;
    name: string;
  }[];
  const names = new Map(stored.map((row) => [row.code, row.name]));

  const result: ImportPostcodesResult = {
    file: filePath,
    status: 'completed',
    rows: 0,
    inserted: 0,
    updated: 0,
    rejected: 0,
    errors: [],
    with_region: 0,
    with_local_authority: 0,
    terminated: 0,
    local_authority_names: namesResult,
    seconds: 0,
    rows_per_second: 0,
  };
  const intervalMs = options.progressIntervalMs ?? 1000;
  let lastReport = started;
  let line = 1;
  const progress = (): PostcodesImportProgress => {
    const seconds = (performance.now() - started) / 1000;
    return {
      rows: result.rows,
      rejected: result.rejected,
      line,
      seconds,
      rowsPerSecond: seconds > 0 ? Math.round(result.rows / seconds) : 0,
    };
  };

  let batch: PostcodePlace[] = [];
  let rejectedInBatch = 0;
  let lastLineInBatch = line;
  const commit = async (finished: boolean) => {
    const outcome: PlacesBatchOutcome =
      batch.length > 0 ? await writer.writePlaces(batch) : { inserted: 0, updated: 0 };
    for (const place of batch) {
      if (place.regionCode !== null) result.with_region++;
      if (place.localAuthorityCode !== null) result.with_local_authority++;
      if (place.terminatedOn !== null) result.terminated++;
    }
    result.rows += batch.length + rejectedInBatch;
    result.inserted += outcome.inserted;
    result.updated += outcome.updated;
    result.rejected += rejectedInBatch;
    line = lastLineInBatch;
    batch = [];
    rejectedInBatch = 0;
    const now = performance.now();
    if (options.onProgress && (finished || now - lastReport >= intervalMs)) {
      lastReport = now;
      options.onProgress(progress());
    }
  };

  const input = createReadStream(filePath);
  try {
    for await (const entry of parsePostcodeLookupCsv(input, names)) {
      lastLineInBatch = entry.line;
      if ('error' in entry) {
        rejectedInBatch++;
        if (result.errors.length < maxReported) result.errors.push(entry);
        options.onReject?.(entry);
      } else {
        batch.push(entry.place);
      }
      if (batch.length + rejectedInBatch >= batchSize) {
        await commit(false);
        if (options.signal?.aborted) {
          result.status = 'stopped';
          break;
        }
      }
    }
    await commit(true);
  } finally {
    input.destroy();
  }

  const seconds = (performance.now() - started) / 1000;
  result.seconds = Math.round(seconds * 1000) / 1000;
  result.rows_per_second = seconds > 0 ? Math.round(result.rows / seconds) : 0;
  return result;
}
