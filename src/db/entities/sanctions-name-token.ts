import { EntitySchema } from '@mikro-orm/core';

/**
 * The screening prefilter's index: each token key (domain/sanctions/name-tokens.ts) of any name of a designation
 * on the current list. Rows of a designation leave with it.
 */
export interface SanctionsNameToken {
  tokenKey: string;
  uniqueId: string;
}

export const SanctionsNameTokenEntity = new EntitySchema<SanctionsNameToken>({
  name: 'SanctionsNameToken',
  tableName: 'sanctions_name_tokens',
  properties: {
    tokenKey: { type: 'string', primary: true, fieldName: 'token_key' },
    uniqueId: { type: 'string', primary: true, fieldName: 'unique_id' },
  },
});
