import type { Company } from '../../db/entities/company';
import type { AccountsYearView } from '../financials/accounts-figures';
import { nextAccountsDueAfter, nextConfirmationStatementDueAfter } from './filing-deadlines';
import type {
  ChargeFact,
  FilingFact,
  InsolvencyCaseFact,
  OfficerFact,
  ProfileFacts,
  PscFact,
} from './health-facts';

/*
 * What was known on a past day, rebuilt from what the store holds now. Dated records are cut at the day
 * (filings made, officers appointed, PSCs notified, charges created after it are dropped; resignations,
 * cessations and satisfactions after it are undone). The register's own fields are rolled back through the
 * register change feed: the old value of the first change detected after the day is the value on the day.
 * The feed records filing dates only as "last made up to", so due dates on a past day are worked out by the
 * statutory rules. For today nothing changes: nothing is dated or detected after it.
 */

/** A register change detected after the day, values parsed, oldest first. */
export interface LaterChange {
  field: string;
  oldValue: unknown;
}

type Values = Record<string, unknown> | null;

const CLOSED = new Set(['dissolved', 'converted-closed', 'removed', 'closed']);
const ACCOUNTS_TYPE_PREFIX = 'accounts-with-accounts-type-';

function firstOld(changes: readonly LaterChange[], field: string): Values | undefined {
  const change = changes.find((candidate) => candidate.field === field);
  return change === undefined ? undefined : ((change.oldValue ?? null) as Values);
}

function newestMadeUp(filings: readonly FilingFact[]): FilingFact | null {
  return filings.reduce<FilingFact | null>(
    (newest, filing) =>
      filing.madeUpDate !== null && (newest === null || filing.madeUpDate > newest.madeUpDate!)
        ? filing
        : newest,
    null,
  );
}

/** The register columns of a company that profileOnDay reads (the rest of the row is never looked at). */
export type CompanyProfileColumns = Pick<
  Company,
  | 'companyStatus'
  | 'companyStatusDetail'
  | 'type'
  | 'dateOfCreation'
  | 'dateOfCessation'
  | 'accountingReferenceDay'
  | 'accountingReferenceMonth'
  | 'lastAccountsMadeUpTo'
  | 'lastAccountsType'
  | 'nextAccountsDue'
  | 'confirmationStatementLastMadeUpTo'
  | 'confirmationStatementNextDue'
  | 'hasInsolvencyHistory'
  | 'chargesOutstanding'
>;

export interface ProfileOnDay {
  profile: ProfileFacts;
  notes: string[];
  /** False when last accounts on the day differ from today's (accounts years are then cut by filing). */
  accountsRolledBack: boolean;
}

/**
 * The register profile on `asOf`. `filings` are all the company's filings held (any date) when the filing
 * history was imported, else null.
 */
export function profileOnDay(
  company: CompanyProfileColumns,
  laterChanges: readonly LaterChange[],
  filings: readonly FilingFact[] | null,
  asOf: string,
): ProfileOnDay {
  const notes: string[] = [];
  const profile: ProfileFacts = {
    status: company.companyStatus,
    statusDetail: company.companyStatusDetail,
    type: company.type,
    dateOfCreation: company.dateOfCreation,
    dateOfCessation: company.dateOfCessation,
    accountingReferenceDay: company.accountingReferenceDay,
    accountingReferenceMonth: company.accountingReferenceMonth,
    lastAccountsMadeUpTo: company.lastAccountsMadeUpTo,
    lastAccountsType: company.lastAccountsType,
    nextAccountsDue: company.nextAccountsDue,
    confirmationStatementLastMadeUpTo: company.confirmationStatementLastMadeUpTo,
    confirmationStatementNextDue: company.confirmationStatementNextDue,
    hasInsolvencyHistory: Boolean(company.hasInsolvencyHistory),
    chargesOutstanding: company.chargesOutstanding,
  };

  const status = firstOld(laterChanges, 'company_status');
  if (status !== undefined) {
    profile.status = typeof status?.status === 'string' ? status.status : profile.status;
    profile.statusDetail = typeof status?.detail === 'string' ? status.detail : null;
    if (!CLOSED.has(profile.status ?? '')) profile.dateOfCessation = null;
    notes.push(
      `company status on the day: ${profile.status}${profile.statusDetail ? ` (${profile.statusDetail})` : ''}, ` +
        `rolled back from today's ${company.companyStatus} through the register change feed`,
    );
  } else if (
    CLOSED.has(company.companyStatus) &&
    company.dateOfCessation !== null &&
    company.dateOfCessation > asOf
  ) {
    profile.status = null;
    notes.push(
      `the company ceased on ${company.dateOfCessation}, after the day, and the register change feed does not ` +
        'say what its status was before',
    );
  }

  const insolvency = firstOld(laterChanges, 'insolvency');
  if (insolvency !== undefined) {
    profile.hasInsolvencyHistory = insolvency?.has_insolvency_history === true;
    notes.push('insolvency history flag rolled back through the register change feed');
  }
  const charges = firstOld(laterChanges, 'charges');
  if (charges !== undefined) {
    profile.chargesOutstanding = Number(charges?.outstanding ?? 0);
    notes.push('outstanding charge count rolled back through the register change feed');
  }

  /** The newest filing of a kind made by the day, when the filing history shows one made after it. */
  const filedByDay = (category: string): { newest: FilingFact | null } | null => {
    if (filings === null) return null;
    const ofKind = filings.filter(
      (filing) =>
        filing.category === category &&
        filing.madeUpDate !== null &&
        !filing.descriptionCode.startsWith('accounts-amended'),
    );
    if (!ofKind.some((filing) => filing.date > asOf)) return null;
    return { newest: newestMadeUp(ofKind.filter((filing) => filing.date <= asOf)) };
  };

  // Accounts: the filing history when it shows accounts filed after the day, else the feed.
  const accountsByDay = filedByDay('accounts');
  const accountsFeed = firstOld(laterChanges, 'last_accounts');
  let accountsSource: string | null = null;
  if (accountsByDay !== null) {
    const code = accountsByDay.newest?.descriptionCode ?? '';
    profile.lastAccountsMadeUpTo = accountsByDay.newest?.madeUpDate ?? null;
    profile.lastAccountsType = code.startsWith(ACCOUNTS_TYPE_PREFIX)
      ? code.slice(ACCOUNTS_TYPE_PREFIX.length)
      : null;
    accountsSource = 'the accounts filings made by the day';
  } else if (accountsFeed !== undefined) {
    profile.lastAccountsMadeUpTo =
      typeof accountsFeed?.made_up_to === 'string' ? accountsFeed.made_up_to : null;
    profile.lastAccountsType = typeof accountsFeed?.type === 'string' ? accountsFeed.type : null;
    accountsSource = 'the register change feed';
  }
  const accountsRolledBack =
    accountsSource !== null && profile.lastAccountsMadeUpTo !== company.lastAccountsMadeUpTo;
  if (accountsRolledBack) {
    profile.nextAccountsDue = nextAccountsDueAfter(profile.lastAccountsMadeUpTo, profile);
    notes.push(
      `accounts on the day: last made up to ${profile.lastAccountsMadeUpTo ?? 'none'} (from ${accountsSource}); ` +
        `next due ${profile.nextAccountsDue ?? 'unknown'}, worked out by the statutory deadline rule ` +
        '(Companies Act 2006 s.442) from the accounting reference date held today',
    );
  }

  const statementsByDay = filedByDay('confirmation-statement');
  const statementFeed = firstOld(laterChanges, 'confirmation_statement');
  let statementSource: string | null = null;
  if (statementsByDay !== null) {
    profile.confirmationStatementLastMadeUpTo = statementsByDay.newest?.madeUpDate ?? null;
    statementSource = 'the confirmation statements filed by the day';
  } else if (statementFeed !== undefined) {
    profile.confirmationStatementLastMadeUpTo =
      typeof statementFeed?.made_up_to === 'string' ? statementFeed.made_up_to : null;
    statementSource = 'the register change feed';
  }
  if (
    statementSource !== null &&
    profile.confirmationStatementLastMadeUpTo !== company.confirmationStatementLastMadeUpTo
  ) {
    profile.confirmationStatementNextDue = nextConfirmationStatementDueAfter(
      profile.confirmationStatementLastMadeUpTo,
      profile.dateOfCreation,
    );
    notes.push(
      `confirmation statement on the day: last made up to ${profile.confirmationStatementLastMadeUpTo ?? 'none'} ` +
        `(from ${statementSource}); next due ${profile.confirmationStatementNextDue ?? 'unknown'}, worked out by ` +
        'the 14-day rule (Companies Act 2006 s.853A)',
    );
  }
  return { profile, notes, accountsRolledBack };
}

export function filingsOnDay(filings: readonly FilingFact[], asOf: string): FilingFact[] {
  return filings.filter((filing) => filing.date <= asOf);
}

export function officersOnDay(officers: readonly OfficerFact[], asOf: string): OfficerFact[] {
  return officers
    .filter((officer) => officer.appointedOn === null || officer.appointedOn <= asOf)
    .map((officer) =>
      officer.resignedOn !== null && officer.resignedOn > asOf ? { ...officer, resignedOn: null } : officer,
    );
}

export function pscsOnDay(pscs: readonly PscFact[], asOf: string): PscFact[] {
  return pscs
    .filter((psc) => psc.notifiedOn === null || psc.notifiedOn <= asOf)
    .map((psc) => (psc.ceasedOn !== null && psc.ceasedOn > asOf ? { ...psc, ceasedOn: null } : psc));
}

export function chargesOnDay(charges: readonly ChargeFact[], asOf: string): ChargeFact[] {
  return charges
    .filter((charge) => charge.createdOn === null || charge.createdOn <= asOf)
    .map((charge) =>
      charge.satisfiedOn !== null && charge.satisfiedOn > asOf
        ? { ...charge, status: 'outstanding', satisfiedOn: null }
        : charge,
    );
}

/** A case counts from its first dated step; cases with no dates at all are kept (they cannot be placed). */
export function insolvencyCasesOnDay(
  cases: readonly InsolvencyCaseFact[],
  asOf: string,
): InsolvencyCaseFact[] {
  return cases
    .filter((c) => c.dates.length === 0 || c.dates.some((d) => d.date <= asOf))
    .map((c) => ({ ...c, dates: c.dates.filter((d) => d.date <= asOf) }));
}

/**
 * Accounts years known on the day: a year is known once the document it comes from was filed (a comparative
 * year once the later document was). The document is matched to an accounts filing by made-up date; without a
 * matching filing, a year is known when its document is no later than the last accounts on the day.
 */
export function accountsYearsOnDay(
  years: readonly AccountsYearView[],
  filings: readonly FilingFact[] | null,
  lastAccountsOnDay: string | null,
  rolledBack: boolean,
  asOf: string,
): AccountsYearView[] {
  return years.filter((year) => {
    const documentEnd = year.document.period_end ?? year.period_end;
    const matching = (filings ?? []).filter(
      (filing) => filing.category === 'accounts' && filing.madeUpDate === documentEnd,
    );
    if (matching.length > 0) return matching.some((filing) => filing.date <= asOf);
    if (!rolledBack) return true;
    return lastAccountsOnDay !== null && documentEnd <= lastAccountsOnDay;
  });
}
