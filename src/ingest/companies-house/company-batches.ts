import { createReadStream } from 'node:fs';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { fullTextWords } from '../../domain/companies/company-name';
import { COMPANY_COLUMN_INDEX, profileToRow } from '../../domain/companies/company-record';
import { CompaniesCsvHeaderError, parseCompaniesCsv } from './companies-csv';
import type { CompanyWrite } from '../writers/register-writer';

/*
 * The bulk company CSV as batches of rows ready to write: each company already mapped to its table row, each bad
 * row kept with its line. Parsing and writing each take about half the time of an import, and both are CPU-bound
 * in one thread (csv-parse, better-sqlite3), so large files are parsed in a worker thread while the importer
 * writes the previous batch: the two halves overlap instead of adding up.
 */

export type ParsedRow = { line: number; company: CompanyWrite } | { line: number; error: string };

export interface ParsedBatch {
  rows: ParsedRow[];
  /** SIC code descriptions first seen in this batch. */
  sicDescriptions: [code: string, description: string][];
}

export interface CompanyBatchOptions {
  asOf: Date;
  /** First physical line to read rows from (the header is line 1). */
  startAtLine: number;
  batchSize: number;
  /** The updated_at stamped on every row. */
  updatedAt: Date;
}

export async function* companyBatchesFromCsv(
  input: Readable,
  options: CompanyBatchOptions,
): AsyncGenerator<ParsedBatch, void, undefined> {
  const descriptions = new Map<string, string>();
  let reported = 0;
  let rows: ParsedRow[] = [];
  const batch = (): ParsedBatch => {
    const sicDescriptions: [string, string][] = [];
    if (descriptions.size > reported) {
      let i = 0;
      for (const entry of descriptions) if (i++ >= reported) sicDescriptions.push(entry);
      reported = descriptions.size;
    }
    const out = { rows, sicDescriptions };
    rows = [];
    return out;
  };
  for await (const entry of parseCompaniesCsv(input, {
    asOf: options.asOf,
    startAtLine: options.startAtLine,
    sicDescriptions: descriptions,
  })) {
    if ('error' in entry) {
      rows.push(entry);
    } else {
      const values = profileToRow(entry.profile, options.updatedAt);
      const normalisedName = values[COMPANY_COLUMN_INDEX.normalisedName] as string;
      rows.push({
        line: entry.line,
        company: {
          companyNumber: entry.profile.company_number,
          normalisedName,
          fullText: fullTextWords(normalisedName).join(' '),
          values,
          sicCodes: entry.profile.sic_codes,
        },
      });
    }
    if (rows.length >= options.batchSize) yield batch();
  }
  if (rows.length > 0 || descriptions.size > reported) yield batch();
}

/** Batches of a file, parsed here or in a worker thread. The worker stops when the consumer does. */
export function readCompanyBatches(
  file: string,
  options: CompanyBatchOptions & { inWorker: boolean },
): AsyncGenerator<ParsedBatch, void, undefined> {
  return options.inWorker ? batchesFromWorker(file, options) : batchesInThread(file, options);
}

async function* batchesInThread(file: string, options: CompanyBatchOptions): AsyncGenerator<ParsedBatch> {
  const input = createReadStream(file);
  try {
    yield* companyBatchesFromCsv(input, options);
  } finally {
    input.destroy();
  }
}

/** Messages from the worker (company-batches-worker.ts). */
export type WorkerMessage =
  | { type: 'batch'; batch: ParsedBatch }
  | { type: 'end' }
  | { type: 'error'; message: string; headerColumn?: number | null; stack?: string };

/** Batches the worker may parse ahead of the importer: enough to keep it busy, few enough to bound memory. */
export const BATCHES_AHEAD = 2;

async function* batchesFromWorker(file: string, options: CompanyBatchOptions): AsyncGenerator<ParsedBatch> {
  const worker = startWorker({ file, ...options });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (message: WorkerMessage) => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ type: 'error', message: error.message, stack: error.stack }));
  worker.on('exit', (code) =>
    push({ type: 'error', message: `the CSV parser thread exited (code ${code})` }),
  );
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if (message.type === 'end') return;
      if (message.type === 'error') {
        if (message.headerColumn !== undefined) {
          throw new CompaniesCsvHeaderError(message.message, message.headerColumn ?? undefined);
        }
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        throw error;
      }
      worker.postMessage('more');
      yield message.batch;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}

function startWorker(workerData: CompanyBatchOptions & { file: string }): Worker {
  // Run from TypeScript sources (tsx, jest), the worker registers tsx's require hook before loading the
  // TypeScript entry; from a compiled build it is plain JavaScript.
  const extension = extname(__filename);
  const entry = join(__dirname, `company-batches-worker${extension}`);
  if (extension === '.ts') {
    // Resolved here: an eval worker would resolve 'tsx/cjs' from the current directory, not from this project.
    const tsx = require.resolve('tsx/cjs');
    return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(entry)});`, {
      eval: true,
      workerData,
    });
  }
  return new Worker(entry, { workerData });
}
