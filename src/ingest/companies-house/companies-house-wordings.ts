import type {
  AccountsType,
  CompanyStatus,
  CompanyStatusDetail,
  CompanySubtype,
  CompanyType,
} from '../../domain/companies/company-profile';

// The wordings of Companies House's bulk company file, mapped to the company profile API's codes. Kept apart from
// the parser: these tables grow as new wordings appear, the parsing does not.

/** CompanyCategory wordings found in the published files → the API's type (and subtype) codes. */
export const COMPANY_CATEGORY_TYPES: Readonly<
  Record<string, { type: CompanyType; subtype: CompanySubtype | null }>
> = {
  'Private Limited Company': { type: 'ltd', subtype: null },
  'Public Limited Company': { type: 'plc', subtype: null },
  'Old Public Company': { type: 'old-public-company', subtype: null },
  'Private Unlimited Company': { type: 'private-unlimited', subtype: null },
  'Private Unlimited': { type: 'private-unlimited', subtype: null },
  'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)': {
    type: 'private-limited-guarant-nsc',
    subtype: null,
  },
  "PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)": {
    type: 'private-limited-guarant-nsc-limited-exemption',
    subtype: null,
  },
  'PRIV LTD SECT. 30 (Private limited company, section 30 of the Companies Act)': {
    type: 'private-limited-shares-section-30-exemption',
    subtype: null,
  },
  'Limited Partnership': { type: 'limited-partnership', subtype: null },
  'Limited Liability Partnership': { type: 'llp', subtype: null },
  // The CSV does not say whether a CIC has shares or a guarantee; most have shares, so ltd.
  'Community Interest Company': { type: 'ltd', subtype: 'community-interest-company' },
  'Charitable Incorporated Organisation': { type: 'charitable-incorporated-organisation', subtype: null },
  'Scottish Charitable Incorporated Organisation': {
    type: 'scottish-charitable-incorporated-organisation',
    subtype: null,
  },
  'Overseas Entity': { type: 'registered-overseas-entity', subtype: null },
  'Other company type': { type: 'other', subtype: null },
  'Other Company Type': { type: 'other', subtype: null },
  'Registered Society': { type: 'registered-society-non-jurisdictional', subtype: null },
  'Royal Charter Company': { type: 'royal-charter', subtype: null },
  'Investment Company with Variable Capital': {
    type: 'investment-company-with-variable-capital',
    subtype: null,
  },
  'Investment Company with Variable Capital(Umbrella)': { type: 'icvc-umbrella', subtype: null },
  'Investment Company with Variable Capital (Securities)': { type: 'icvc-securities', subtype: null },
  'Scottish Partnership': { type: 'scottish-partnership', subtype: null },
  'Industrial and Provident Society': { type: 'industrial-and-provident-society', subtype: null },
  'United Kingdom Economic Interest Grouping': { type: 'ukeig', subtype: null },
  'United Kingdom Societas': { type: 'united-kingdom-societas', subtype: null },
  'Converted/Closed': { type: 'converted-or-closed', subtype: null },
  'Protected Cell Company': { type: 'protected-cell-company', subtype: null },
  'European Public Limited-Liability Company (SE)': {
    type: 'european-public-limited-liability-company-se',
    subtype: null,
  },
  'Further Education and Sixth Form College Corps': {
    type: 'further-education-or-sixth-form-college-corporation',
    subtype: null,
  },
};

/** CompanyStatus wordings → the API's status (and status detail). The file mixes cases, so lookups fold case. */
export const COMPANY_STATUS_WORDINGS: Readonly<
  Record<string, { status: CompanyStatus; detail: CompanyStatusDetail | null }>
> = {
  Active: { status: 'active', detail: null },
  'Active - Proposal to Strike off': { status: 'active', detail: 'active-proposal-to-strike-off' },
  Dissolved: { status: 'dissolved', detail: null },
  Liquidation: { status: 'liquidation', detail: null },
  'In Administration': { status: 'administration', detail: null },
  'Administration Order': { status: 'administration', detail: null },
  'In Administration/Administrative Receiver': { status: 'administration', detail: null },
  'In Administration/Receiver Manager': { status: 'administration', detail: null },
  Receivership: { status: 'receivership', detail: null },
  'Administrative Receiver': { status: 'receivership', detail: null },
  'Receiver Manager / Administrative Receiver': { status: 'receivership', detail: null },
  'Live but Receiver Manager on at least one charge': { status: 'receivership', detail: null },
  'Voluntary Arrangement': { status: 'voluntary-arrangement', detail: null },
  'Voluntary Arrangement / Administrative Receiver': { status: 'voluntary-arrangement', detail: null },
  'Voluntary Arrangement / Receiver Manager': { status: 'voluntary-arrangement', detail: null },
  'Converted/Closed': { status: 'converted-closed', detail: null },
  'Insolvency Proceedings': { status: 'insolvency-proceedings', detail: null },
  Registered: { status: 'registered', detail: null },
  Removed: { status: 'removed', detail: null },
  Closed: { status: 'closed', detail: null },
  Open: { status: 'open', detail: null },
};

/** Accounts.AccountCategory wordings → the API's last_accounts.type; "NO ACCOUNTS FILED" is the API's null type. */
export const ACCOUNTS_CATEGORY_TYPES: Readonly<Record<string, AccountsType | null>> = {
  'NO ACCOUNTS FILED': null,
  'ACCOUNTS TYPE NOT AVAILABLE': 'no-accounts-type-available',
  FULL: 'full',
  SMALL: 'small',
  MEDIUM: 'medium',
  GROUP: 'group',
  DORMANT: 'dormant',
  INTERIM: 'interim',
  INITIAL: 'initial',
  'TOTAL EXEMPTION FULL': 'total-exemption-full',
  'TOTAL EXEMPTION SMALL': 'total-exemption-small',
  'PARTIAL EXEMPTION': 'partial-exemption',
  'AUDIT EXEMPTION SUBSIDIARY': 'audit-exemption-subsidiary',
  'FILING EXEMPTION SUBSIDIARY': 'filing-exemption-subsidiary',
  'MICRO ENTITY': 'micro-entity',
  'AUDITED ABRIDGED': 'audited-abridged',
  'UNAUDITED ABRIDGED': 'unaudited-abridged',
};

/** What the file writes in SICCode.SicText_1 when a company gave no SIC code. */
export const NO_SIC_SUPPLIED = 'None Supplied';

const foldWording = (wording: string): string =>
  wording
    .trim()
    .toLowerCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ');

function lookupTable<T>(table: Readonly<Record<string, T>>): (wording: string) => T | undefined {
  const exact = new Map(Object.entries(table));
  const folded = new Map(Object.entries(table).map(([wording, value]) => [foldWording(wording), value]));
  return (wording) => exact.get(wording) ?? folded.get(foldWording(wording));
}

export const lookupCategory = lookupTable(COMPANY_CATEGORY_TYPES);
export const lookupStatus = lookupTable(COMPANY_STATUS_WORDINGS);
export const lookupAccountsCategory = lookupTable(ACCOUNTS_CATEGORY_TYPES);
