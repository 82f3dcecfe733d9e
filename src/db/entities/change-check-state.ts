import { BigIntType, EntitySchema } from '@mikro-orm/core';

/**
 * The change check's place: the last feed sequence whose alerts are written, and the last day whose passed due
 * dates were turned into overdue changes. Moved in the same transaction as the alerts it accounts for.
 */
export interface ChangeCheckState {
  id: string;
  lastSequence: number;
  /** YYYY-MM-DD; null until the first check, which starts watching due dates from its own day. */
  overdueCheckedThrough: string | null;
  updatedAt: Date;
}

export const ChangeCheckStateEntity = new EntitySchema<ChangeCheckState>({
  name: 'ChangeCheckState',
  tableName: 'change_check_state',
  properties: {
    id: { type: 'string', primary: true },
    lastSequence: { type: new BigIntType('number'), fieldName: 'last_sequence' },
    overdueCheckedThrough: { type: 'string', fieldName: 'overdue_checked_through', nullable: true },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
