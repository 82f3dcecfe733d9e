import type { AlertType, Severity } from '../webhooks/events';
import type { ChangeField } from './company-changes';
import { addressText } from '../companies/address-text';

/*
 * How a register change reads as an alert: its severity and its words. The severity table is the one
 * docs/alerts.md publishes; a test reads that document's table and compares it with SEVERITY_RULES, so the two
 * cannot drift apart.
 */

/** A change as stored in the feed, with its values parsed. */
export interface StoredChange {
  alertType: AlertType;
  field: ChangeField;
  oldValue: unknown;
  newValue: unknown;
}

type Values = Record<string, unknown> | null;

/** Statuses that end a company or put it into an insolvency process. */
const CRITICAL_STATUSES = new Set([
  'dissolved',
  'liquidation',
  'receivership',
  'administration',
  'voluntary-arrangement',
  'insolvency-proceedings',
  'converted-closed',
  'removed',
  'closed',
]);

const STRIKE_OFF_PROPOSED = 'active-proposal-to-strike-off';

/** One row per alert type: the rule in words (for the published table) and as code. */
export const SEVERITY_RULES: Readonly<
  Record<AlertType, { rule: string; severity: (change: StoredChange) => Severity }>
> = {
  status_change: {
    rule: 'critical when the new status is dissolved, liquidation, receivership, administration, voluntary-arrangement, insolvency-proceedings, converted-closed, removed or closed; info when it returns to active or only its detail changes; warning otherwise',
    severity: (change) => {
      const status = String((change.newValue as Values)?.status ?? '');
      if (CRITICAL_STATUSES.has(status)) return 'critical';
      const detailOnly = (change.oldValue as Values)?.status === status;
      return status === 'active' || detailOnly ? 'info' : 'warning';
    },
  },
  name_change: { rule: 'info', severity: () => 'info' },
  address_change: { rule: 'info', severity: () => 'info' },
  sic_change: { rule: 'info', severity: () => 'info' },
  accounts_filed: { rule: 'info', severity: () => 'info' },
  accounts_overdue: { rule: 'warning', severity: () => 'warning' },
  confirmation_statement_filed: { rule: 'info', severity: () => 'info' },
  confirmation_statement_overdue: { rule: 'warning', severity: () => 'warning' },
  charge_registered: { rule: 'warning', severity: () => 'warning' },
  charge_satisfied: { rule: 'info', severity: () => 'info' },
  psc_change: { rule: 'warning', severity: () => 'warning' },
  gazette_notice: {
    rule: 'critical for a proposal to strike off or insolvency proceedings; info when a proposal to strike off is withdrawn',
    severity: (change) =>
      change.field === 'company_status' && (change.newValue as Values)?.detail !== STRIKE_OFF_PROPOSED
        ? 'info'
        : 'critical',
  },
  new_filing: { rule: 'info', severity: () => 'info' },
  officer_change: {
    rule: 'warning when an officer resigns; info when one is appointed or their details change',
    severity: (change) => ((change.newValue as Values)?.action === 'resigned' ? 'warning' : 'info'),
  },
  financials_available: { rule: 'info', severity: () => 'info' },
};

function words(code: unknown): string {
  return String(code ?? 'none').replace(/-/g, ' ');
}

/** "micro entity accounts"; plain "accounts" when the register does not say which kind. */
function accountsKind(type: unknown): string {
  return typeof type === 'string' && type !== 'no-accounts-type-available'
    ? `${words(type)} accounts`
    : 'accounts';
}

function formatAddress(value: unknown): string {
  return addressText((value ?? {}) as Record<string, string | null>) || 'no address';
}

function chargeCounts(value: unknown): string {
  const counts = (value ?? {}) as Record<string, number>;
  return `${counts.total ?? 0} in all, ${counts.outstanding ?? 0} outstanding, ${counts.part_satisfied ?? 0} part satisfied, ${counts.satisfied ?? 0} satisfied`;
}

function describeResource(value: unknown): string {
  const described = (value ?? {}) as Record<string, unknown>;
  return typeof described.description === 'string' ? described.description : 'see the register';
}

/** Title (short) and detail (one or two sentences) of the alert a change raises. */
export function alertWording(
  change: StoredChange,
  company: { name: string; number: string },
): {
  title: string;
  detail: string;
} {
  const who = `${company.name} (${company.number})`;
  const before = change.oldValue as Values;
  const after = change.newValue as Values;
  switch (change.alertType) {
    case 'status_change':
      if (before?.status === after?.status)
        return {
          title: `Status detail changed to ${words(after?.detail)}`,
          detail: `${who}: company status detail changed from ${words(before?.detail)} to ${words(after?.detail)}; the status is still ${words(after?.status)}.`,
        };
      return {
        title: `Status changed to ${words(after?.status)}`,
        detail:
          `${who}: company status changed from ${words(before?.status)} to ${words(after?.status)}` +
          (after?.date_of_cessation ? `, with effect from ${String(after.date_of_cessation)}.` : '.'),
      };
    case 'name_change':
      return {
        title: 'Company name changed',
        detail: `${company.number}: name changed from ${String(change.oldValue)} to ${String(change.newValue)}.`,
      };
    case 'address_change':
      return {
        title: 'Registered office address changed',
        detail: `${who}: registered office moved from ${formatAddress(change.oldValue)} to ${formatAddress(change.newValue)}.`,
      };
    case 'sic_change':
      return {
        title: 'Nature of business (SIC codes) changed',
        detail: `${who}: SIC codes changed from ${(change.oldValue as string[]).join(', ') || 'none'} to ${(change.newValue as string[]).join(', ') || 'none'}.`,
      };
    case 'accounts_filed':
      return {
        title: 'Accounts filed',
        detail: `${who}: ${accountsKind(after?.type)} made up to ${String(after?.made_up_to)} were filed.`,
      };
    case 'accounts_overdue':
      return {
        title: 'Accounts overdue',
        detail: `${who}: accounts were due by ${String(after?.next_due)} and have not been filed.`,
      };
    case 'confirmation_statement_filed':
      return {
        title: 'Confirmation statement filed',
        detail: `${who}: a confirmation statement made up to ${String(after?.made_up_to)} was filed.`,
      };
    case 'confirmation_statement_overdue':
      return {
        title: 'Confirmation statement overdue',
        detail: `${who}: a confirmation statement was due by ${String(after?.next_due)} and has not been filed.`,
      };
    case 'charge_registered':
      return {
        title: 'Charge registered',
        detail: `${who}: a new charge was registered. Charges now: ${chargeCounts(change.newValue)}.`,
      };
    case 'charge_satisfied':
      return {
        title: 'Charge satisfied',
        detail: `${who}: a charge was satisfied in whole or in part. Charges now: ${chargeCounts(change.newValue)}.`,
      };
    case 'gazette_notice':
      if (change.field === 'insolvency')
        return {
          title: 'Insolvency proceedings notified',
          detail: `${who}: the register now records insolvency history for the company.`,
        };
      return after?.detail === STRIKE_OFF_PROPOSED
        ? {
            title: 'Proposal to strike off',
            detail: `${who}: a first Gazette notice proposes to strike the company off the register.`,
          }
        : {
            title: 'Proposal to strike off withdrawn',
            detail: `${who}: the proposal to strike the company off the register no longer stands.`,
          };
    case 'psc_change':
      return {
        title: 'Persons with significant control changed',
        detail: `${who}: ${describeResource(change.newValue)}.`,
      };
    case 'officer_change':
      return { title: 'Officers changed', detail: `${who}: ${describeResource(change.newValue)}.` };
    case 'new_filing':
      return { title: 'New filing', detail: `${who}: ${describeResource(change.newValue)}.` };
    case 'financials_available':
      return {
        title: 'Financial figures available',
        detail: `${who}: ${describeResource(change.newValue)}.`,
      };
  }
}

export function alertSeverity(change: StoredChange): Severity {
  return SEVERITY_RULES[change.alertType].severity(change);
}
