import { loadConfig } from '../config';
import { ServiceError } from '../domain/errors';
import {
  disqualifiedOfficerKinds,
  type DisqualifiedOfficerKind,
} from '../domain/disqualifications/disqualified-officer-resource';
import { openCompaniesHouseLive } from '../ingest/companies-house/live/companies-house-live';
import { fetchDisqualifiedOfficer } from '../ingest/companies-house/live/live-disqualified-officers';
import { importDisqualifiedOfficerJson } from '../ingest/companies-house/resources/disqualified-officer-json';
import { readResourceFile } from '../ingest/companies-house/resources/resource-file';
import { required, type Command } from './cli-options';
import { withHealthScores } from './import-progress';

/*
 * Companies House's disqualified officers from the operator's side: resources saved as published (files of the
 * /disqualified-officers/{kind}/{officer_id} JSON) or one fetched now with the REST key. Either way through the
 * importer the stream uses, then the health scores the change made due.
 */

function kindOption(value: string): DisqualifiedOfficerKind {
  if (!(disqualifiedOfficerKinds as readonly string[]).includes(value))
    throw new ServiceError(
      'invalid_argument',
      `--kind must be natural or corporate, not ${JSON.stringify(value)}`,
    );
  return value as DisqualifiedOfficerKind;
}

export const disqualifiedOfficerCommands: Record<string, Command> = {
  'import disqualified-officers': async (orm, _options, positionals) => {
    const files = positionals.slice(2);
    if (files.length === 0)
      throw new ServiceError('invalid_argument', 'import disqualified-officers needs at least one file');
    const results = [];
    // One file at a time, each whole or not at all: a bad file stops here, those before it stay imported.
    for (const file of files)
      results.push({
        file,
        ...(await importDisqualifiedOfficerJson(orm.em.fork(), await readResourceFile(file), {
          source: file,
          origin: 'file',
        })),
      });
    return withHealthScores(orm, { officers: results });
  },
  'fetch disqualified-officer': async (orm, options) => {
    const kind = kindOption(required(options, 'kind'));
    const officerId = required(options, 'officer');
    const live = openCompaniesHouseLive(loadConfig());
    if (live === null)
      throw new ServiceError('invalid_argument', 'fetch disqualified-officer needs COMPANIES_HOUSE_API_KEY');
    try {
      return withHealthScores(
        orm,
        await fetchDisqualifiedOfficer(orm.em.fork(), live.client, kind, officerId),
      );
    } finally {
      await live.close();
    }
  },
};
