import type { Orm } from '../db/orm';
import { drainHealthScores } from '../domain/health/store/refresh-health-scores';
import type { ImportCompaniesOptions } from '../ingest/companies-house/import-companies';

/**
 * An import ends with the health scores its writes queued stored again (domain/health/store), so lists show the
 * new grades at once rather than after the next change check.
 */
export async function withHealthScores<T extends object>(
  orm: Orm,
  result: T,
): Promise<T & { health_scores_rescored: number }> {
  const { rescored } = await drainHealthScores(orm.em.fork(), new Date());
  return { ...result, health_scores_rescored: rescored };
}

/** Progress and rejected rows go to stderr, so stdout stays one JSON document. */
const MAX_PRINTED_REJECTIONS = 100;
export function importReporting(signal: AbortSignal): ImportCompaniesOptions {
  let printed = 0;
  return {
    signal,
    onProgress: (p) =>
      process.stderr.write(
        `import: ${p.rows.toLocaleString('en-GB')} rows (${p.rejected} rejected), ` +
          `${p.rowsPerSecond.toLocaleString('en-GB')} rows/s, line ${p.line.toLocaleString('en-GB')}\n`,
      ),
    onReject: (row) => {
      if (printed < MAX_PRINTED_REJECTIONS) process.stderr.write(`rejected line ${row.line}: ${row.error}\n`);
      else if (printed === MAX_PRINTED_REJECTIONS)
        process.stderr.write('(further rejected rows counted, not printed)\n');
      printed++;
    },
  };
}

/** Ctrl-C stops an import after the batch in flight is committed; running the command again resumes it. */
export async function withInterrupt<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = () => {
    process.stderr.write('stopping after the current batch (run the same command again to resume)\n');
    controller.abort();
  };
  process.once('SIGINT', stop);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', stop);
  }
}
