import { EntitySchema } from '@mikro-orm/core';
// The plan column holds a plan's name: the column's vocabulary.
import type { PlanName } from '../../domain/accounts/plans';

export interface Account {
  id: string;
  email: string;
  plan: PlanName;
  createdAt: Date;
}

export const AccountEntity = new EntitySchema<Account>({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: { type: 'string', primary: true },
    email: { type: 'string' }, // not unique: migration 0016
    plan: { type: 'string' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
  },
});
