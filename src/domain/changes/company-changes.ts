import type { AlertType } from '../webhooks/events';

/*
 * Field-level changes between two states of one company on the register, as the register change feed records
 * them. The register's columns are grouped into the facts a reader cares about (the address is one fact, not
 * eight columns); a group that differs becomes one change. Pure: both register writers (SQLite, PostgreSQL) and
 * the simulator call it with rows read the way their driver reads them.
 */

/** The companies-table columns whose changes are recorded, in the order changes are listed. */
export const TRACKED_COLUMNS = [
  'company_name',
  'company_status',
  'company_status_detail',
  'date_of_cessation',
  'type',
  'care_of',
  'po_box',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
  'country',
  'postal_code',
  'sic_codes',
  'last_accounts_made_up_to',
  'last_accounts_type',
  'confirmation_statement_last_made_up_to',
  'charges_total',
  'charges_outstanding',
  'charges_part_satisfied',
  'charges_satisfied',
  'has_insolvency_history',
] as const;

export type TrackedColumn = (typeof TRACKED_COLUMNS)[number];
/** Values as a driver returns them: SQLite gives booleans as 0/1. */
export type TrackedRow = Readonly<Record<TrackedColumn, string | number | boolean | null>>;

export const changeKinds = ['added', 'updated', 'dissolved'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** What a change is about: a group of columns, or a resource held outside the companies table. */
export const changeFields = [
  'company',
  'company_name',
  'company_status',
  'company_type',
  'registered_office_address',
  'sic_codes',
  'last_accounts',
  'confirmation_statement',
  'charges',
  'insolvency',
  'accounts_due',
  'confirmation_statement_due',
  'officers',
  'persons_with_significant_control',
  'filing_history',
  'accounts_figures',
] as const;
export type ChangeField = (typeof changeFields)[number];

/** One change before it has its sequence number. Values are JSON-able; null when there was nothing. */
export interface ChangeDraft {
  companyNumber: string;
  change: ChangeKind;
  field: ChangeField;
  /** The alert the change raises on a monitored company; null for changes that raise none (added, type). */
  alertType: AlertType | null;
  oldValue: unknown;
  newValue: unknown;
}

const ADDRESS_COLUMNS = [
  'care_of',
  'po_box',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
  'country',
  'postal_code',
] as const satisfies readonly TrackedColumn[];

const STRIKE_OFF_PROPOSED = 'active-proposal-to-strike-off';

function text(value: string | number | boolean | null): string | null {
  return value === null || value === '' ? null : String(value);
}

function count(value: string | number | boolean | null): number {
  return Number(value ?? 0);
}

function flag(value: string | number | boolean | null): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function pick<C extends TrackedColumn>(row: TrackedRow, columns: readonly C[]): Record<C, string | null> {
  return Object.fromEntries(columns.map((column) => [column, text(row[column])])) as Record<C, string | null>;
}

function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(a).every((key) => a[key] === b[key]);
}

function charges(row: TrackedRow) {
  return {
    total: count(row.charges_total),
    outstanding: count(row.charges_outstanding),
    part_satisfied: count(row.charges_part_satisfied),
    satisfied: count(row.charges_satisfied),
  };
}

/**
 * The changes from `before` to `after`; `before` undefined means the company is new to the register. Dates
 * compare as text (`YYYY-MM-DD`), so "later" is a string comparison.
 */
export function diffCompany(
  companyNumber: string,
  before: TrackedRow | undefined,
  after: TrackedRow,
): ChangeDraft[] {
  const draft = (
    field: ChangeField,
    alertType: AlertType | null,
    oldValue: unknown,
    newValue: unknown,
    change: ChangeKind = 'updated',
  ): ChangeDraft => ({ companyNumber, change, field, alertType, oldValue, newValue });

  if (!before) {
    return [
      draft(
        'company',
        null,
        null,
        {
          company_name: text(after.company_name),
          company_status: text(after.company_status),
        },
        'added',
      ),
    ];
  }

  const changes: ChangeDraft[] = [];

  if (text(before.company_name) !== text(after.company_name))
    changes.push(draft('company_name', 'name_change', text(before.company_name), text(after.company_name)));

  const oldStatus = text(before.company_status);
  const newStatus = text(after.company_status);
  const oldDetail = text(before.company_status_detail);
  const newDetail = text(after.company_status_detail);
  if (oldStatus !== newStatus) {
    changes.push(
      draft(
        'company_status',
        'status_change',
        { status: oldStatus, detail: oldDetail, date_of_cessation: text(before.date_of_cessation) },
        { status: newStatus, detail: newDetail, date_of_cessation: text(after.date_of_cessation) },
        newStatus === 'dissolved' ? 'dissolved' : 'updated',
      ),
    );
  } else if (oldDetail !== newDetail) {
    // A proposal to strike off is published in the Gazette (and so is its withdrawal); other details are
    // the register relabelling the same status.
    const gazette = oldDetail === STRIKE_OFF_PROPOSED || newDetail === STRIKE_OFF_PROPOSED;
    changes.push(
      draft(
        'company_status',
        gazette ? 'gazette_notice' : 'status_change',
        { status: oldStatus, detail: oldDetail },
        { status: newStatus, detail: newDetail },
      ),
    );
  }

  if (text(before.type) !== text(after.type))
    changes.push(draft('company_type', null, text(before.type), text(after.type)));

  const oldAddress = pick(before, ADDRESS_COLUMNS);
  const newAddress = pick(after, ADDRESS_COLUMNS);
  if (!sameValues(oldAddress, newAddress))
    changes.push(draft('registered_office_address', 'address_change', oldAddress, newAddress));

  const oldSic = JSON.parse(text(before.sic_codes) ?? '[]') as string[];
  const newSic = JSON.parse(text(after.sic_codes) ?? '[]') as string[];
  if (oldSic.join(',') !== newSic.join(',')) changes.push(draft('sic_codes', 'sic_change', oldSic, newSic));

  const oldAccounts = {
    made_up_to: text(before.last_accounts_made_up_to),
    type: text(before.last_accounts_type),
  };
  const newAccounts = {
    made_up_to: text(after.last_accounts_made_up_to),
    type: text(after.last_accounts_type),
  };
  if (newAccounts.made_up_to !== null && (oldAccounts.made_up_to ?? '') < newAccounts.made_up_to)
    changes.push(draft('last_accounts', 'accounts_filed', oldAccounts, newAccounts));

  const oldStatement = text(before.confirmation_statement_last_made_up_to);
  const newStatement = text(after.confirmation_statement_last_made_up_to);
  if (newStatement !== null && (oldStatement ?? '') < newStatement) {
    changes.push(
      draft(
        'confirmation_statement',
        'confirmation_statement_filed',
        { made_up_to: oldStatement },
        { made_up_to: newStatement },
      ),
    );
  }

  const oldCharges = charges(before);
  const newCharges = charges(after);
  if (newCharges.total > oldCharges.total)
    changes.push(draft('charges', 'charge_registered', oldCharges, newCharges));
  const satisfiedBefore = oldCharges.satisfied + oldCharges.part_satisfied;
  const satisfiedAfter = newCharges.satisfied + newCharges.part_satisfied;
  if (satisfiedAfter > satisfiedBefore || newCharges.satisfied > oldCharges.satisfied)
    changes.push(draft('charges', 'charge_satisfied', oldCharges, newCharges));

  if (!flag(before.has_insolvency_history) && flag(after.has_insolvency_history))
    changes.push(
      draft(
        'insolvency',
        'gazette_notice',
        { has_insolvency_history: false },
        { has_insolvency_history: true },
      ),
    );

  return changes;
}

/** A tracked row from a companies row keyed by column name (what `select *` returns). */
export function trackedRowOf(row: Readonly<Record<string, unknown>>): TrackedRow {
  return Object.fromEntries(TRACKED_COLUMNS.map((column) => [column, row[column] ?? null])) as TrackedRow;
}
