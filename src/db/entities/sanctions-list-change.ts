import { EntitySchema } from '@mikro-orm/core';

export const sanctionsListChangeKinds = ['added', 'amended', 'removed'] as const;
export type SanctionsListChangeKind = (typeof sanctionsListChangeKinds)[number];

/**
 * What a list version changed: one row per designation added (new, or back after a removal), amended (its
 * record differs) or removed. `changedFields` is a JSON array of the record's fields that differ (amended only).
 */
export interface SanctionsListChange {
  versionId: number;
  listId: string;
  uniqueId: string;
  change: SanctionsListChangeKind;
  designationType: string;
  primaryName: string;
  changedFields: string | null;
}

export const SanctionsListChangeEntity = new EntitySchema<SanctionsListChange>({
  name: 'SanctionsListChange',
  tableName: 'sanctions_list_changes',
  properties: {
    versionId: { type: 'integer', primary: true, fieldName: 'version_id' },
    listId: { type: 'string', fieldName: 'list_id' },
    uniqueId: { type: 'string', primary: true, fieldName: 'unique_id' },
    change: { type: 'string' },
    designationType: { type: 'string', fieldName: 'designation_type' },
    primaryName: { type: 'text', fieldName: 'primary_name' },
    changedFields: { type: 'text', fieldName: 'changed_fields', nullable: true },
  },
});
