/*
 * Plain-English wording of Companies House filing history description keys (the `description` of a filing
 * history item, e.g. `accounts-with-accounts-type-full`). The wording is ours; `{name}` marks a value taken from
 * the item's `description_values`. A key without wording here still reads as words (never an error): the API
 * adds keys over time and old filings carry hundreds of rare ones.
 */

const ACCOUNTS_KINDS: Readonly<Record<string, string>> = {
  full: 'Full accounts',
  small: 'Small company accounts',
  medium: 'Medium-sized company accounts',
  group: 'Group accounts',
  dormant: 'Dormant company accounts',
  interim: 'Interim accounts',
  initial: 'Initial accounts',
  'micro-entity': 'Micro-entity accounts',
  'total-exemption-full': 'Total exemption full accounts',
  'total-exemption-small': 'Total exemption small company accounts',
  'partial-exemption': 'Partial exemption accounts',
  'audit-exemption-subsidiary': 'Accounts of a subsidiary exempt from audit',
  'filing-exemption-subsidiary': 'Accounts of a subsidiary exempt from filing',
  'audited-abridged': 'Audited abridged accounts',
  'unaudited-abridged': 'Unaudited abridged accounts',
};

const TEMPLATES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(ACCOUNTS_KINDS).map(([kind, words]) => [
      `accounts-with-accounts-type-${kind}`,
      `${words} made up to {made_up_date}`,
    ]),
  ),
  'accounts-amended-with-made-up-date': 'Amended accounts made up to {made_up_date}',
  'confirmation-statement': 'Confirmation statement made on {made_up_date}',
  'confirmation-statement-with-no-updates':
    'Confirmation statement made on {made_up_date}, no changes to report',
  'confirmation-statement-with-updates': 'Confirmation statement made on {made_up_date}, with changes',
  'annual-return-company-with-made-up-date': 'Annual return made up to {made_up_date}',
  'annual-return-company-with-made-up-date-full-list-shareholders':
    'Annual return made up to {made_up_date}, with a full list of shareholders',
  'change-registered-office-address-company-with-date-old-address-new-address':
    'Registered office moved from {old_address} to {new_address} on {change_date}',
  'change-account-reference-date-company-previous-shortened':
    'Previous accounting period shortened from {made_up_date} to {new_date}',
  'change-account-reference-date-company-previous-extended':
    'Previous accounting period extended from {made_up_date} to {new_date}',
  'change-account-reference-date-company-current-shortened':
    'Current accounting period shortened from {made_up_date} to {new_date}',
  'change-account-reference-date-company-current-extended':
    'Current accounting period extended from {made_up_date} to {new_date}',
  'appoint-person-director-company-with-name-date':
    '{officer_name} appointed as a director on {appointment_date}',
  'appoint-corporate-director-company-with-name-date':
    '{officer_name} appointed as a corporate director on {appointment_date}',
  'appoint-person-secretary-company-with-name-date':
    '{officer_name} appointed as secretary on {appointment_date}',
  'appoint-person-member-limited-liability-partnership-with-name-date':
    '{officer_name} appointed as a member on {appointment_date}',
  'termination-director-company-with-name-termination-date':
    '{officer_name} ceased to be a director on {termination_date}',
  'termination-secretary-company-with-name-termination-date':
    '{officer_name} ceased to be secretary on {termination_date}',
  'termination-member-limited-liability-partnership-with-name-termination-date':
    '{officer_name} ceased to be a member on {termination_date}',
  'change-person-director-company-with-change-date':
    'Details of director {officer_name} changed on {change_date}',
  'change-person-secretary-company-with-change-date':
    'Details of secretary {officer_name} changed on {change_date}',
  'notification-of-a-person-with-significant-control':
    '{psc_name} notified as a person with significant control on {notification_date}',
  'cessation-of-a-person-with-significant-control':
    '{psc_name} ceased to be a person with significant control on {cessation_date}',
  'change-to-a-person-with-significant-control':
    'Details of person with significant control {psc_name} changed on {change_date}',
  'notification-of-a-person-with-significant-control-statement':
    'Statement filed about persons with significant control',
  'withdrawal-of-a-person-with-significant-control-statement':
    'Statement about persons with significant control withdrawn on {withdrawal_date}',
  'incorporation-company': 'Company incorporated',
  'capital-allotment-shares': 'Shares allotted; statement of capital on {date}',
  'mortgage-create-with-deed-with-charge-number-charge-creation-date':
    'Charge {charge_number} registered, created on {charge_creation_date}',
  'mortgage-satisfy-charge-full': 'Charge {charge_number} satisfied in full',
  'mortgage-satisfy-charge-part': 'Charge {charge_number} satisfied in part',
  'gazette-notice-compulsory': 'First Gazette notice for compulsory strike-off',
  'gazette-notice-voluntary': 'First Gazette notice for voluntary strike-off',
  'gazette-dissolved-compulsory': 'Final Gazette notice: dissolved by compulsory strike-off',
  'gazette-dissolved-voluntary': 'Final Gazette notice: dissolved by voluntary strike-off',
  'gazette-dissolved-liquidation': 'Final Gazette notice: dissolved after liquidation',
  'gazette-filings-brought-up-to-date': 'Compulsory strike-off discontinued: filings brought up to date',
  'dissolution-application-strike-off-company': 'Application to strike the company off the register',
  'dissolved-compulsory-strike-off-suspended': 'Compulsory strike-off suspended',
  'certificate-change-of-name-company': 'Company name changed (certificate of change of name)',
  'change-of-name-by-resolution': 'Company name changed by resolution',
  resolution: 'Resolutions passed',
  'liquidation-voluntary-appointment-of-liquidator': 'Liquidator appointed (voluntary liquidation)',
  'liquidation-in-administration-appointment-of-administrator': 'Administrator appointed',
  'liquidation-compulsory-winding-up-order': 'Court order to wind up the company',
  'liquidation-voluntary-statement-of-affairs': 'Statement of affairs filed',
  'liquidation-voluntary-declaration-of-solvency': 'Declaration of solvency',
  legacy: '{description}',
};

/** Words for a value: dates stay `YYYY-MM-DD`, text as filed; lists and objects are not worded. */
function valueWords(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * "liquidation-voluntary-statement-of-receipts-with-brought-down-date" → "Liquidation voluntary statement of
 * receipts": Companies House keys name their values after "-with-", and the values are shown apart.
 */
function keyWords(code: string): string {
  const words = code
    .replace(/-with-.*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words === '' ? 'Filing' : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A filing described in plain English from its description key and values. A placeholder whose value is
 * missing reads "(not stated)"; a key this table does not know reads as its own words followed by the values
 * it carries, so an agent still learns what it is.
 */
export function describeFiling(code: string, values: Readonly<Record<string, unknown>> = {}): string {
  const template = TEMPLATES[code];
  if (template !== undefined && (code !== 'legacy' || valueWords(values.description) !== null))
    return template.replace(
      /\{(\w+)\}/g,
      (_match, name: string) => valueWords(values[name]) ?? '(not stated)',
    );
  const base = code === 'legacy' ? 'Filing' : keyWords(code);
  const shown = Object.entries(values).flatMap(([name, value]) => {
    const words = valueWords(value);
    return words === null ? [] : [`${name.replace(/_/g, ' ')}: ${words}`];
  });
  return shown.length > 0 ? `${base} (${shown.join('; ')})` : base;
}

/** Whether the key has wording of its own here (the rest fall back to their words). */
export function hasFilingWording(code: string): boolean {
  return code in TEMPLATES;
}
