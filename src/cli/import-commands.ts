import { drainHealthScores } from '../domain/health/store/refresh-health-scores';
import { ServiceError } from '../domain/errors';
import { importCompaniesCsv } from '../ingest/companies-house/import-companies';
import { importAccountsFile } from '../ingest/companies-house/resources/filed-accounts';
import { importCompanyDetailsDir } from '../ingest/companies-house/resources/import-company-details';
import { importPscSnapshot } from '../ingest/companies-house/resources/psc-snapshot';
import { importPostcodeLookup } from '../ingest/ons/import-postcodes';
import { importSanctionsList } from '../ingest/sanctions/import-sanctions-list';
import { readSanctionsListSource } from '../ingest/sanctions/sanctions-list-source';
import { optionalCount, optionalDay, type Command } from './cli-options';
import { importReporting, withHealthScores, withInterrupt } from './import-progress';
import { sanctionsListOption } from './sanctions-list-option';

/** The importers of real published files, and the health scores their writes make due. */
export const importCommands: Record<string, Command> = {
  'import companies': async (orm, options, positionals) => {
    const file = positionals[2];
    if (!file)
      throw new ServiceError('invalid_argument', 'import companies needs a file: import companies <file>');
    return withHealthScores(
      orm,
      await withInterrupt((signal) =>
        importCompaniesCsv(orm.em.fork(), file, {
          ...importReporting(signal),
          asOf: optionalDay(options, 'as-of'),
          restart: options.restart !== undefined,
          limit: optionalCount(options, 'limit'),
          batchSize: optionalCount(options, 'batch-size', 1),
        }),
      ),
    );
  },
  'import company-details': async (orm, _options, positionals) => {
    const dir = positionals[2];
    if (!dir) throw new ServiceError('invalid_argument', 'import company-details needs a folder');
    return withHealthScores(
      orm,
      await importCompanyDetailsDir(orm.em.fork(), dir, { source: 'import', detectedAt: new Date() }),
    );
  },
  'import psc-snapshot': async (orm, _options, positionals) => {
    const file = positionals[2];
    if (!file) throw new ServiceError('invalid_argument', 'import psc-snapshot needs a file');
    return withHealthScores(
      orm,
      await importPscSnapshot(orm.em.fork(), file, { source: 'import', detectedAt: new Date() }),
    );
  },
  'import postcodes': async (orm, options, positionals) => {
    const file = positionals[2];
    if (!file)
      throw new ServiceError('invalid_argument', 'import postcodes needs a file: import postcodes <file>');
    return withInterrupt((signal) =>
      importPostcodeLookup(orm.em.fork(), file, {
        ...importReporting(signal),
        namesFile: options.names,
        batchSize: optionalCount(options, 'batch-size', 1),
      }),
    );
  },
  'import sanctions': async (orm, options, positionals) => {
    const list = sanctionsListOption(options) ?? 'uk';
    const path = positionals[2];
    if (!path)
      throw new ServiceError(
        'invalid_argument',
        'import sanctions needs a file or folder: import sanctions [--list uk|ofac|eu|un] <file-or-folder>',
      );
    const read = await readSanctionsListSource(list, { kind: 'file', path });
    const result = await importSanctionsList(orm.em.fork(), list, read.files, { source: read.source });
    // Said where the operator looks: the ongoing re-screen starts with the list's next refresh, not here.
    return result.status === 'imported'
      ? {
          ...result,
          rescreen:
            'starts with the list’s next refresh (its daily Schedule, or now: npm run cli -- sanctions refresh ' +
            `--list ${list}), covering every version since the list was last re-screened`,
        }
      : result;
  },
  'import accounts': async (orm, _options, positionals) => {
    const files = positionals.slice(2);
    if (files.length === 0)
      throw new ServiceError('invalid_argument', 'import accounts needs at least one file');
    const context = { source: 'import', detectedAt: new Date() } as const;
    const results = [];
    for (const file of files)
      results.push({ file, ...(await importAccountsFile(orm.em.fork(), file, context)) });
    return withHealthScores(orm, { documents: results });
  },
  'health refresh': async (orm) => {
    const done = await drainHealthScores(orm.em.fork(), new Date());
    return {
      rescored: done.rescored,
      queued: done.queued,
      expired: done.expired,
      other_model: done.otherModel,
      dropped: done.dropped,
    };
  },
};
