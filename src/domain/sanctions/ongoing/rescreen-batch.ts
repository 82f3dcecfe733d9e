import type { EntityManager } from '@mikro-orm/core';
import type { ListedDesignationsIndex } from '../listed-designations-index';
import type { MatchOptions } from '../matching/match-settings';
import { batchCompanySubjects } from './batch-company-subjects';
import { monitoredCompaniesAfter } from './monitored-companies';
import { findRun, type OngoingScreeningRun } from './ongoing-screening-runs';
import { sanctionsListName } from './potential-match-view';
import { storeRescreenBatch } from './potential-matches';
import { rescreenCompany, type FoundMatch } from './rescreen-companies';
import { sanctionsMonitors } from './sanctions-alert-addresses';

/*
 * One batch of a run: the next monitored companies after the run's cursor, re-screened, and their matches,
 * deliveries and the moved cursor written in one transaction (potential-matches.ts). The activity and the
 * benchmark both run batches through here.
 */

export interface RescreenBatchContext {
  index: ListedDesignationsIndex | null;
  /** Unique ids the version added or amended; null on a full re-screen. */
  changed: ReadonlySet<string> | null;
  /** The changed designations' own index (changedDesignationsIndex), when `changed` is set. */
  changedIndex?: ListedDesignationsIndex;
  batchSize: number;
  match?: MatchOptions;
  publicBaseUrl: string;
  now: () => Date;
  /** Called after each company, for heartbeats. */
  onCompany?: () => void;
}

export interface RescreenBatchResult {
  run: OngoingScreeningRun;
  companies: number;
  deliveryEventIds: string[];
  /** More monitored companies may follow the cursor. */
  more: boolean;
}

export async function rescreenNextBatch(
  em: EntityManager,
  run: OngoingScreeningRun,
  context: RescreenBatchContext,
): Promise<RescreenBatchResult> {
  const companies = await monitoredCompaniesAfter(em.fork(), run.cursor, context.batchSize);
  if (companies.length === 0) return { run, companies: 0, deliveryEventIds: [], more: false };
  const found: FoundMatch[] = [];
  const nothingChanged = context.changed !== null && context.changed.size === 0;
  if (context.index !== null && !nothingChanged) {
    const subjects = await batchCompanySubjects(em.fork(), companies);
    for (const [companyNumber, ofCompany] of subjects) {
      found.push(
        ...(await rescreenCompany(ofCompany, companyNumber, {
          index: context.index,
          changed: context.changed,
          changedIndex: context.changedIndex,
          match: context.match,
        })),
      );
      context.onCompany?.();
    }
  }
  const companiesFound = [...new Set(found.map((match) => match.companyNumber))];
  const stored = await storeRescreenBatch(em.fork(), {
    versionId: run.versionId,
    list: { id: run.list, name: sanctionsListName(run.list) },
    companyNumbers: companies,
    found,
    monitors: companiesFound.length === 0 ? [] : await sanctionsMonitors(em.fork(), companiesFound),
    now: context.now(),
    publicBaseUrl: context.publicBaseUrl,
  });
  return {
    run: (await findRun(em.fork(), run.versionId))!,
    companies: companies.length,
    deliveryEventIds: stored.deliveryEventIds,
    more: companies.length === context.batchSize,
  };
}
