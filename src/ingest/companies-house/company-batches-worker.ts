import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { CompaniesCsvHeaderError } from './companies-csv';
import {
  BATCHES_AHEAD,
  companyBatchesFromCsv,
  type CompanyBatchOptions,
  type WorkerMessage,
} from './company-batches';

/*
 * The parser thread for readCompanyBatches: parses the file and posts batches, never more than BATCHES_AHEAD
 * beyond what the importer has taken ('more' gives one back), so a slow database cannot make it buffer the file.
 */

async function run(port: NonNullable<typeof parentPort>, options: CompanyBatchOptions & { file: string }) {
  let credits = BATCHES_AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', (message) => {
    if (message !== 'more') return;
    credits++;
    wake?.();
  });
  const send = (message: WorkerMessage) => port.postMessage(message);
  const input = createReadStream(options.file);
  try {
    for await (const batch of companyBatchesFromCsv(input, options)) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
      send({ type: 'batch', batch });
    }
    send({ type: 'end' });
  } catch (error) {
    if (error instanceof CompaniesCsvHeaderError)
      send({ type: 'error', message: error.message, headerColumn: error.column ?? null });
    else if (error instanceof Error) send({ type: 'error', message: error.message, stack: error.stack });
    else send({ type: 'error', message: String(error) });
  } finally {
    input.destroy();
    // Without a message listener the port no longer keeps the thread alive, so it can end on its own.
    port.removeAllListeners('message');
  }
}

if (parentPort) void run(parentPort, workerData as CompanyBatchOptions & { file: string });
