import type { EntitySchema } from '@mikro-orm/core';
import { CompanyHealthScoreEntity } from './company-health-score';
import { HealthScoreQueueEntryEntity } from './health-score-queue-entry';

/** The entities of health scores and the rescoring queue (issue 11); registered in index.ts through this list so their work adds no edits there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const healthEntities: EntitySchema<any>[] = [CompanyHealthScoreEntity, HealthScoreQueueEntryEntity];
