import { basename } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { ServiceError } from '../../domain/errors';
import type { SanctionsRefreshOutcome } from '../../domain/sanctions/sanctions-list-import-result';
import { importSanctionsList } from './import-sanctions-list';
import {
  describeSource,
  readSanctionsListSource,
  type ReadSourceOptions,
  type SanctionsListSource,
} from './sanctions-list-source';

/**
 * One refresh of the list from its configured source, as the daily Schedule runs it. A source that cannot be
 * read or a file that is not a usable list is an outcome (`failed`, with the reason), not an exception: the
 * current version stays as it was, and the next day tries again. Only the store failing throws (to be retried).
 */
export async function refreshSanctionsList(
  em: EntityManager,
  list: SanctionsListId,
  source: SanctionsListSource | null,
  options: ReadSourceOptions & { now?: Date } = {},
): Promise<SanctionsRefreshOutcome> {
  if (source === null) return { status: 'not_configured', list };
  try {
    const read = await readSanctionsListSource(source, options);
    return await importSanctionsList(em, list, new Map([[basename(read.source), read.bytes]]), {
      source: read.source,
      now: options.now,
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: 'failed',
      list,
      source: describeSource(source),
      code: error.code,
      reason: error.message,
    };
  }
}
