import { EntitySchema } from '@mikro-orm/core';

/**
 * A company whose data changed since its health score was stored, written in the same transaction as the change
 * (domain/health/store/health-score-queue.ts). `queuedAt` only grows on each re-queue, so a refresh removes an
 * entry only if it is still the one it read.
 */
export interface HealthScoreQueueEntry {
  companyNumber: string;
  queuedAt: Date;
}

export const HealthScoreQueueEntryEntity = new EntitySchema<HealthScoreQueueEntry>({
  name: 'HealthScoreQueueEntry',
  tableName: 'health_score_queue',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    queuedAt: { type: 'datetime', fieldName: 'queued_at' },
  },
});
