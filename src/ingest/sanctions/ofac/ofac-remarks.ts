import { daysInMonth } from '../../../domain/companies/register-dates';
import type { PartialDate } from '../../../domain/sanctions/sanctions-designation';

/*
 * The legacy files have no columns for dates of birth, nationalities, identifiers or weak a.k.a.s: they are
 * written into Remarks as "; "-separated clauses, a label then its value, "alt." before a repeat, a final ".":
 * "DOB 07 Oct 1952; alt. DOB 1953; POB Leningrad, Russia; nationality Russia; citizen Russia; Gender Male;
 * Passport 0291622 (Belize); Vessel Registration Identification IMO 9187629; MMSI 572469210; a.k.a. 'ABU
 * AL-FOUTOUH'." (the clauses of published records as OFAC's FAQ 123, https://ofac.treasury.gov/faqs/123, and
 * moov-io/watchman's reader tests, pkg/ofac, quote them). DOB is written "07 Oct 1952", "Oct 1952", "1952",
 * "circa 1952" or "1960 to 1962". A clause is read only where its label is one of these; the whole Remarks text
 * is kept as published in any case.
 */

/** A DOB range wider than this is more likely a typo than knowledge; it is reported, not spread into years. */
export const MAX_OFAC_BIRTH_YEAR_RANGE = 10;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export interface OfacRemarks {
  birthDates: PartialDate[];
  nationalities: string[];
  birthPlaces: string[];
  /** a.k.a./f.k.a./n.k.a. names in quotes: OFAC's weak aliases in the delimited formats (FAQ 123). */
  weakAliases: { type: string; name: string }[];
  /** The IMO number clauses' values ("9187629"), for the "IMO number" the identifier parser reads. */
  imoNumbers: string[];
  /** Registry and tax number clauses as written ("Registration Number 1027700132195 (Russia)"). */
  registrationNumbers: string[];
  warnings: string[];
}

/**
 * Clauses that name a company's registry or tax number, worded as published records word them ("Registration ID
 * 1027739609391 (Russia); Tax ID No. 7702070139 (Russia); … Legal Entity Number 253400V1H6ART1UQ0N98 (Russia)",
 * "Registration Number 1037825043200 (Russia)", "Business Registration Number …").
 */
const REGISTRATION_LABEL =
  /^(?:Business Registration Number|Registration Number|Registration ID|Company Number|Tax ID No\.|Legal Entity Number)\s/i;

const IMO_LABEL = /^(?:Vessel Registration Identification IMO|IMO)\s+(\d{7})\b/i;

export function splitRemarkClauses(remarks: string): string[] {
  return remarks
    .split(';')
    .map((clause) => clause.replace(/\s+/g, ' ').trim().replace(/\.$/, '').trim())
    .filter((clause) => clause.length > 0)
    .map((clause) => clause.replace(/^alt\.\s+/i, ''));
}

export function readOfacRemarks(remarks: string | null): OfacRemarks {
  const read: OfacRemarks = {
    birthDates: [],
    nationalities: [],
    birthPlaces: [],
    weakAliases: [],
    imoNumbers: [],
    registrationNumbers: [],
    warnings: [],
  };
  if (remarks === null) return read;
  const addDate = (date: PartialDate) => {
    if (!read.birthDates.some((d) => d.year === date.year && d.month === date.month && d.day === date.day))
      read.birthDates.push(date);
  };
  const addOnce = (list: string[], value: string) => {
    if (value.length > 0 && !list.includes(value)) list.push(value);
  };
  for (const clause of splitRemarkClauses(remarks)) {
    let match: RegExpExecArray | null;
    if ((match = /^DOB\s+(.+)$/i.exec(clause))) {
      const dates = ofacBirthDates(match[1]!);
      if (dates === null)
        read.warnings.push(`Remarks: DOB ${JSON.stringify(match[1])} is not a date; kept as published`);
      else dates.forEach(addDate);
    } else if ((match = /^(?:nationality|citizen)\s+(.+)$/i.exec(clause)))
      addOnce(read.nationalities, match[1]!);
    else if ((match = /^POB\s+(.+)$/i.exec(clause))) addOnce(read.birthPlaces, match[1]!);
    else if ((match = /^([afn])\.k\.a\.\s+(['"])(.+)\2$/i.exec(clause)))
      read.weakAliases.push({ type: `${match[1]!.toLowerCase()}ka`, name: match[3]!.trim() });
    else if ((match = IMO_LABEL.exec(clause))) addOnce(read.imoNumbers, match[1]!);
    else if (REGISTRATION_LABEL.test(clause)) addOnce(read.registrationNumbers, clause);
  }
  return read;
}

/** The dates one DOB clause gives, or null when it is none of the published forms. */
export function ofacBirthDates(text: string): PartialDate[] | null {
  const value = text.trim();
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(value))) {
    const [day, month, year] = [+match[1]!, monthOf(match[2]!), yearOf(match[3]!)];
    if (month === null || year === null || day < 1 || day > daysInMonth(year, month)) return null;
    return [{ year, month, day }];
  }
  if ((match = /^([A-Za-z]{3}) (\d{4})$/.exec(value))) {
    const [month, year] = [monthOf(match[1]!), yearOf(match[2]!)];
    return month === null || year === null ? null : [{ year, month, day: null }];
  }
  // "circa" has no place in the partial-date schema: the year stands for it, as the UN parser reads APPROXIMATELY.
  if ((match = /^(?:circa )?(\d{4})$/i.exec(value))) {
    const year = yearOf(match[1]!);
    return year === null ? null : [{ year, month: null, day: null }];
  }
  if ((match = /^(\d{4}) to (\d{4})$/i.exec(value))) {
    const [from, to] = [yearOf(match[1]!), yearOf(match[2]!)];
    if (from === null || to === null || to < from || to - from > MAX_OFAC_BIRTH_YEAR_RANGE) return null;
    const years: PartialDate[] = [];
    for (let year = from; year <= to; year++) years.push({ year, month: null, day: null });
    return years;
  }
  return null;
}

function monthOf(text: string): number | null {
  const month = MONTHS.indexOf(text.toLowerCase()) + 1;
  return month === 0 ? null : month;
}

function yearOf(text: string): number | null {
  const year = Number(text);
  return year >= 1800 && year <= 2100 ? year : null;
}
