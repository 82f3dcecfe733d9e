import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core';
// The kind, field and alert type columns hold the change feed's and the alerts' vocabulary.
import type { ChangeField, ChangeKind } from '../../domain/changes/company-changes';
import type { AlertType } from '../../domain/webhooks/events';

/** At most 32 characters (register_changes.source). */
export const changeSources = [
  'import',
  'simulator',
  'clock',
  'companies_house_api',
  'companies_house_stream',
] as const;
export type ChangeSource = (typeof changeSources)[number];

/**
 * One field-level change on the register, in the feed's order. `sequence` only grows, the way Companies House's
 * streaming API numbers its timepoints; the change check keeps its place in the feed by it. Values are JSON text.
 * `source`: an import, the simulator, the clock (a due date that passed unmet), or Companies House live: its REST
 * API (a company fetched or refreshed) or its Streaming API.
 */
export interface RegisterChange {
  /** Drawn by the database on insert. */
  [OptionalProps]?: 'sequence';
  sequence: number;
  companyNumber: string;
  change: ChangeKind;
  field: ChangeField;
  alertType: AlertType | null;
  oldValue: string | null;
  newValue: string | null;
  source: ChangeSource;
  detectedAt: Date;
}

export const RegisterChangeEntity = new EntitySchema<RegisterChange>({
  name: 'RegisterChange',
  tableName: 'register_changes',
  properties: {
    sequence: { type: new BigIntType('number'), primary: true, autoincrement: true },
    companyNumber: { type: 'string', fieldName: 'company_number' },
    change: { type: 'string' },
    field: { type: 'string' },
    alertType: { type: 'string', fieldName: 'alert_type', nullable: true },
    oldValue: { type: 'text', fieldName: 'old_value', nullable: true },
    newValue: { type: 'text', fieldName: 'new_value', nullable: true },
    source: { type: 'string' },
    detectedAt: { type: 'datetime', fieldName: 'detected_at' },
  },
});
