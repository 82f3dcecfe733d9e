import { z } from 'zod';
import { emptyFigures, type AccountsYearView } from './accounts-figures';

/*
 * Years known only from paper: accounts filed on paper are scanned images, so no figures can be read from them,
 * but the filing history still says which year they were made up to. Derived when reading, from whatever the
 * filing history holds at that moment, so the filings importer and the accounts importer never write to each
 * other's tables.
 */

/** The parts of a filing history row this needs, as the entity gives them. */
export interface AccountsFilingRow {
  transactionId: string;
  category: string;
  date: string;
  descriptionCode: string;
  descriptionValues: string;
  /** SQLite drivers may hand back 0/1. */
  paperFiled: boolean | number;
}

const madeUpDate = z.object({ made_up_date: z.iso.date() });

const ACCOUNTS_TYPE_PREFIX = 'accounts-with-accounts-type-';

/**
 * A scanned year for each year end that paper accounts filings were made up to and for which no figures are
 * held on any basis; the newest filing stands for a year filed more than once (an amendment).
 */
export function scannedYears(
  filings: readonly AccountsFilingRow[],
  periodEndsHeld: ReadonlySet<string>,
): AccountsYearView[] {
  const newest = new Map<string, { filing: AccountsFilingRow; periodEnd: string }>();
  for (const filing of filings) {
    if (filing.category !== 'accounts' || !filing.paperFiled) continue;
    const values = madeUpDate.safeParse(safeJson(filing.descriptionValues));
    if (!values.success) continue;
    const periodEnd = values.data.made_up_date;
    if (periodEndsHeld.has(periodEnd)) continue;
    const held = newest.get(periodEnd);
    if (!held || held.filing.date < filing.date) newest.set(periodEnd, { filing, periodEnd });
  }
  return [...newest.values()].map(({ filing, periodEnd }) => {
    const code = filing.descriptionCode;
    return {
      period_end: periodEnd,
      period_start: null,
      origin: 'scanned',
      // The filing history's description is the only hint of the basis a paper filing was on.
      basis: code === `${ACCOUNTS_TYPE_PREFIX}group` ? 'group' : 'company',
      profit_and_loss_filed: null,
      accounts_type: code.startsWith(ACCOUNTS_TYPE_PREFIX) ? code.slice(ACCOUNTS_TYPE_PREFIX.length) : null,
      accounting_standard: null,
      document: { kind: 'paper_filing', name: filing.transactionId, period_end: periodEnd, problems: [] },
      ...emptyFigures(),
    };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
