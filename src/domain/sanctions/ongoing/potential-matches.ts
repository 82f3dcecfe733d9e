import type { EntityManager } from '@mikro-orm/core';
import {
  ScreeningMatchEntity,
  type ScreeningMatch,
  type ScreeningMatchStatus,
} from '../../../db/entities/screening-match';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../../db/entities/webhook-delivery';
import { MAX_ATTEMPTS } from '../../../workflows/retry-schedule';
import { notFound, ServiceError } from '../../errors';
import { disabledEndpoints, endpointKey } from '../../webhooks/endpoint-health';
import { potentialMatchEvent, POTENTIAL_MATCH_EVENT_TYPE } from '../../webhooks/potential-match-event';
import type { FoundMatch } from './rescreen-companies';
import type { SanctionsMonitor } from './sanctions-alert-addresses';

/*
 * The store of potential matches found by ongoing screening. A batch's matches, the deliveries of the new ones
 * whose account opted in, and the run's cursor are written in one transaction: a batch either happened or not,
 * and the unique key (account, company, list, designation, subject) keeps a re-run from adding anything.
 */

const CHUNK = 500;

export interface RescreenBatch {
  versionId: number;
  list: { id: string; name: string };
  companyNumbers: readonly string[];
  found: readonly FoundMatch[];
  monitors: readonly SanctionsMonitor[];
  now: Date;
  publicBaseUrl: string;
}

const keyOf = (accountId: string, companyNumber: string, uniqueId: string, subjectKey: string) =>
  `${accountId}\u0000${companyNumber}\u0000${uniqueId}\u0000${subjectKey}`;

/** Writes the batch and moves the run's cursor past it; returns the new matches and their deliveries' event ids. */
export async function storeRescreenBatch(
  em: EntityManager,
  batch: RescreenBatch,
): Promise<{ inserted: number; deliveryEventIds: string[] }> {
  const found = new Map<string, FoundMatch[]>();
  for (const match of batch.found)
    found.set(match.companyNumber, [...(found.get(match.companyNumber) ?? []), match]);
  const companies = [...found.keys()];
  return em.transactional(async (tx) => {
    // Each stored match by its key: its id, and whether it is delisted (a designation listed again reopens it).
    const existing = new Map<string, { id: number; delisted: boolean }>();
    for (let i = 0; i < companies.length; i += CHUNK) {
      const rows = await tx.find(
        ScreeningMatchEntity,
        { sanctionsList: batch.list.id, companyNumber: { $in: companies.slice(i, i + CHUNK) } },
        { fields: ['id', 'accountId', 'companyNumber', 'uniqueId', 'subjectKey', 'status'] },
      );
      for (const row of rows)
        existing.set(keyOf(row.accountId, row.companyNumber, row.uniqueId, row.subjectKey), {
          id: Number(row.id),
          delisted: row.status === 'delisted',
        });
    }
    let inserted = 0;
    const deliveryEventIds: string[] = [];
    const disabled = await disabledEndpoints(tx, [...new Set(batch.monitors.map((m) => m.accountId))]);
    for (const monitor of batch.monitors) {
      for (const match of found.get(monitor.companyNumber) ?? []) {
        const key = keyOf(
          monitor.accountId,
          match.companyNumber,
          match.designation.unique_id,
          match.subjectKey,
        );
        const stored = existing.get(key);
        // Found before and still listed (open or decided): the match already stands.
        if (stored !== undefined && !stored.delisted) continue;
        const columns = {
          companyName: match.companyName,
          versionId: batch.versionId,
          score: match.score,
          threshold: match.threshold,
          designation: JSON.stringify(match.designation),
          explanation: JSON.stringify(match.explanation),
          status: 'open' as const,
          decidedBy: null,
          decidedAt: null,
          decisionNote: null,
          delistedInVersion: null,
          eventId: null,
          updatedAt: batch.now,
        };
        // A delisted match whose designation a later version lists again is open again, found by that version.
        let id: number;
        if (stored !== undefined) {
          await tx.nativeUpdate(ScreeningMatchEntity, { id: stored.id }, columns);
          id = stored.id;
        } else
          id = (await tx.insert(ScreeningMatchEntity, {
            ...columns,
            accountId: monitor.accountId,
            companyNumber: match.companyNumber,
            sanctionsList: batch.list.id,
            uniqueId: match.designation.unique_id,
            subjectKey: match.subjectKey,
            subjectRole: match.subject.role,
            subjectKind: match.subject.kind,
            subjectName: match.subject.name,
            createdAt: batch.now,
          })) as number;
        // An account monitoring the company through two lists finds the match once.
        existing.set(key, { id, delisted: false });
        inserted++;
        if (monitor.url === null) continue;
        const event = potentialMatchEvent(
          {
            matchId: Number(id),
            accountId: monitor.accountId,
            companyNumber: match.companyNumber,
            companyName: match.companyName,
            subject: match.subject,
            list: { ...batch.list, versionId: batch.versionId },
            designation: match.designation,
            score: match.score,
            threshold: match.threshold,
            reopenedInVersion: stored === undefined ? undefined : batch.versionId,
          },
          batch.publicBaseUrl,
          batch.now,
        );
        // A disabled address's event is stored ended and never started, as an alert's is: a recovery sends it.
        const held = disabled.has(endpointKey(monitor.accountId, monitor.url));
        // A new match's event id is new too, and a reopened one's names the version that reopened it: no conflict
        // to guard against inside the transaction.
        await tx.insert(WebhookDeliveryEntity, {
          eventId: event.id,
          accountId: monitor.accountId,
          eventType: POTENTIAL_MATCH_EVENT_TYPE,
          companyNumber: match.companyNumber,
          alertId: null,
          url: monitor.url,
          body: JSON.stringify(event),
          standardWebhooks: monitor.standardWebhooks ?? false,
          status: held ? 'failed' : 'pending',
          maxAttempts: MAX_ATTEMPTS,
          attemptCount: 0,
          createdAt: batch.now,
          updatedAt: batch.now,
          nextAttemptAt: held ? null : batch.now,
          completedAt: held ? batch.now : null,
        });
        await tx.nativeUpdate(ScreeningMatchEntity, { id: Number(id) }, { eventId: event.id });
        if (!held) deliveryEventIds.push(event.id);
      }
    }
    const last = batch.companyNumbers.at(-1);
    if (last !== undefined)
      await tx
        .getConnection()
        .execute(
          'update ongoing_screening_runs set cursor = ?, companies_done = companies_done + ?, ' +
            'matches_found = matches_found + ? where version_id = ?',
          [last, batch.companyNumbers.length, inserted, batch.versionId],
          'run',
          tx.getTransactionContext(),
        );
    return { inserted, deliveryEventIds };
  });
}

/** Marks the open matches of designations a version removed as delisted; they stay readable. */
export async function delistRemoved(
  em: EntityManager,
  list: string,
  versionId: number,
  removed: readonly string[],
  now: Date,
): Promise<number> {
  let delisted = 0;
  for (let i = 0; i < removed.length; i += CHUNK) {
    delisted += await em.nativeUpdate(
      ScreeningMatchEntity,
      { sanctionsList: list, uniqueId: { $in: removed.slice(i, i + CHUNK) }, status: 'open' },
      { status: 'delisted', delistedInVersion: versionId, updatedAt: now },
    );
  }
  return delisted;
}

/** The deliveries of matches this version brought that are still waiting for their first attempt. */
export async function unsentMatchDeliveries(
  em: EntityManager,
  versionId: number,
): Promise<WebhookDelivery[]> {
  const matches = await em.find(
    ScreeningMatchEntity,
    { versionId, eventId: { $ne: null } },
    { fields: ['eventId'] },
  );
  const eventIds = matches.map((match) => match.eventId!);
  const deliveries: WebhookDelivery[] = [];
  for (let i = 0; i < eventIds.length; i += CHUNK)
    deliveries.push(
      ...(await em.find(WebhookDeliveryEntity, {
        eventId: { $in: eventIds.slice(i, i + CHUNK) },
        status: 'pending',
        attemptCount: 0,
      })),
    );
  return deliveries;
}

export interface MatchPageQuery {
  accountId: string;
  list?: string;
  companyNumber?: string;
  status?: ScreeningMatchStatus;
  limit: number;
  /** The last id of the previous page: newest first, so the next page holds smaller ids. */
  beforeId?: number;
}

export async function listMatches(
  em: EntityManager,
  query: MatchPageQuery,
): Promise<{ items: ScreeningMatch[]; hasMore: boolean }> {
  const rows = await em.find(
    ScreeningMatchEntity,
    {
      accountId: query.accountId,
      ...(query.list ? { sanctionsList: query.list } : {}),
      ...(query.companyNumber ? { companyNumber: query.companyNumber } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.beforeId !== undefined ? { id: { $lt: query.beforeId } } : {}),
    },
    { orderBy: { id: 'desc' }, limit: query.limit + 1 },
  );
  return { items: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

export const matchDecisions = ['confirmed', 'false_positive'] as const;
export type MatchDecision = (typeof matchDecisions)[number];

/**
 * Records a reviewer's decision; a later decision replaces an earlier one. Another account's match is
 * indistinguishable from none. A delisted match is closed: the designation is no longer on the list.
 */
export async function decideMatch(
  em: EntityManager,
  input: { accountId: string; id: number; decision: MatchDecision; note: string | null; now: Date },
): Promise<ScreeningMatch> {
  const match = await em.findOne(ScreeningMatchEntity, { id: input.id, accountId: input.accountId });
  if (match === null) throw notFound('Potential match', { id: input.id });
  if (match.status === 'delisted')
    throw new ServiceError(
      'conflict',
      'This potential match is delisted: its designation was removed from the list, so there is nothing to decide',
      { id: input.id, delisted_in_version: match.delistedInVersion },
    );
  match.status = input.decision;
  match.decidedBy = input.accountId;
  match.decidedAt = input.now;
  match.decisionNote = input.note;
  match.updatedAt = input.now;
  await em.flush();
  return match;
}
