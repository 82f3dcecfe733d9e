import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core';
import type { ChangeField, ChangeKind } from '../../domain/changes/company-changes';
import type { AlertType } from '../../domain/webhooks/events';

export const changeSources = ['import', 'simulator', 'clock'] as const;
export type ChangeSource = (typeof changeSources)[number];

/**
 * One field-level change on the register, in the feed's order. `sequence` only grows, the way Companies House's
 * streaming API numbers its timepoints; the change check keeps its place in the feed by it. Values are JSON text.
 * `source`: an import, the simulator, or the clock (a due date that passed unmet).
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
