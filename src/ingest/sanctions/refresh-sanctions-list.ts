import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../../domain/errors';
import type { SanctionsRefreshOutcome } from '../../domain/sanctions/sanctions-list-import-result';
import type { SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { importSanctionsList } from './import-sanctions-list';
import {
  describeSource,
  readSanctionsListSource,
  type ReadSourceOptions,
  type SanctionsListSource,
} from './sanctions-list-source';

/**
 * One refresh of a list from its configured source, as its daily Schedule runs it. A source that cannot be
 * read or files that are not a usable list are an outcome (`failed`, with the reason), not an exception: the
 * list's current version stays as it was, and the next day tries again. Only the store failing throws (to be
 * retried).
 */
export async function refreshSanctionsList(
  em: EntityManager,
  list: SanctionsListId,
  source: SanctionsListSource | null,
  options: ReadSourceOptions & { now?: Date } = {},
): Promise<SanctionsRefreshOutcome> {
  if (source === null) return { status: 'not_configured', list };
  try {
    const read = await readSanctionsListSource(list, source, options);
    return await importSanctionsList(em, list, read.files, { source: read.source, now: options.now });
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
