import type { EntityManager } from '@mikro-orm/core';
import { CompaniesHouseStreamPositionEntity } from '../../../db/entities/companies-house-stream-position';

/*
 * The store's own record of the last stream event it applied. It is the truth about what the store holds: a
 * consumer resumes from it, and an event at or before it is not applied again (Companies House replays from the
 * timepoint asked for, and sends some events more than once).
 */

export interface StreamPosition {
  /** The last event applied; an event at or before it is a duplicate. */
  timepoint: number;
  publishedAt: string | null;
  /** After an operator's reset: the timepoint to ask Companies House for (it accepts only ones it gave out). */
  resumeFrom: number | null;
}

export async function readStreamPosition(em: EntityManager, stream: string): Promise<StreamPosition | null> {
  const row = await em.fork().findOne(CompaniesHouseStreamPositionEntity, { stream });
  return row === null
    ? null
    : { timepoint: row.timepoint, publishedAt: row.publishedAt, resumeFrom: row.resumeFrom };
}

/** Where to connect from: a reset's timepoint, else the last applied (replayed, and skipped as a duplicate). */
export function connectionTimepoint(position: StreamPosition): number {
  return position.resumeFrom ?? position.timepoint;
}

export async function saveStreamPosition(
  em: EntityManager,
  stream: string,
  applied: { timepoint: number; publishedAt: string | null },
  now: Date,
): Promise<void> {
  await em.fork().upsert(CompaniesHouseStreamPositionEntity, {
    stream,
    timepoint: applied.timepoint,
    publishedAt: applied.publishedAt,
    resumeFrom: null,
    updatedAt: now,
  });
}

/**
 * An operator's reset: the next event applied is the one at `timepoint` (and everything after it, again), or,
 * with null, whatever happens from now on.
 */
export async function resetStreamPosition(
  em: EntityManager,
  stream: string,
  timepoint: number | null,
  now: Date,
): Promise<void> {
  if (timepoint === null) {
    await em.fork().nativeDelete(CompaniesHouseStreamPositionEntity, { stream });
    return;
  }
  await em.fork().upsert(CompaniesHouseStreamPositionEntity, {
    stream,
    timepoint: timepoint - 1,
    publishedAt: null,
    resumeFrom: timepoint,
    updatedAt: now,
  });
}
