import type { Writable } from 'node:stream';
import { ChunkedWriter } from './chunked-writer';
import { dayNumber } from '../domain/companies/register-dates';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../ingest/companies-house/companies-csv';
import {
  CARE_OF,
  DORMANT_SIC,
  FIRST_WORDS,
  INWARD_LETTERS,
  LOCALITIES,
  NATION_COUNTRY,
  Nation,
  QUALIFIERS,
  RESIDENTS_SIC,
  SECOND_WORDS,
  SIC_CODES,
  STEMS,
  STREETS,
  STREET_TYPES,
  TOWNS,
  Town,
} from './demo-register-vocabulary';
import { csvDay, writeAccounts, writeReturnsAndStatements } from './demo-register-filing-dates';
import { mulberry32 } from './seeded-random';

/*
 * A made-up but plausible register, written in the bulk company CSV layout so it goes through the same importer
 * as the real file. Deterministic: the output depends only on (companies, seed, asOf), never on the clock, so a
 * benchmark or a test can regenerate the exact bytes. Rows are produced one at a time and written in chunks that
 * wait for 'drain': a million companies never sit in memory.
 */

export interface DemoRegisterOptions {
  companies: number;
  seed?: number;
  /** Due dates, overdue filings and dissolutions are laid out relative to this day. */
  asOf: Date;
  /** End `out` and wait for it to finish (default); false leaves it open, for stdout. */
  end?: boolean;
}

/**
 * Bounded by the Scottish SC number range (6 digits) at the share of Scottish companies generated: 6 million
 * companies use SC numbers up to about 960,000 (seed 1), so the whole real register (about 5.5 million) fits.
 */
export const DEMO_REGISTER_MAX_COMPANIES = 6_000_000;

export async function writeDemoRegisterCsv(out: Writable, options: DemoRegisterOptions): Promise<void> {
  const { companies, seed = 1, end = true } = options;
  if (!Number.isInteger(companies) || companies < 0 || companies > DEMO_REGISTER_MAX_COMPANIES) {
    throw new RangeError(`companies must be a whole number from 0 to ${DEMO_REGISTER_MAX_COMPANIES}`);
  }
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfMs = options.asOf.getTime();
  if (Number.isNaN(asOfMs)) throw new RangeError('asOf is not a valid date');

  const register = new DemoRegister(companies, seed, Math.floor(asOfMs / 86_400_000));
  const writer = new ChunkedWriter(out);
  await writer.write(BASIC_COMPANY_DATA_HEADER_LINE + '\n');
  for (let i = 0; i < companies; i++) await writer.write(register.row(i));
  await writer.close(end);
}

const COLUMNS = 55;

/** Numbers per series: [prefix, first serial, largest serial, largest gap between consecutive numbers]. */
const NUMBER_SERIES = {
  plain: ['', 100_000, 99_999_999, 20],
  SC: ['SC', 100_000, 999_999, 2],
  SO: ['SO', 300_000, 999_999, 2],
  SL: ['SL', 10_000, 999_999, 2],
  NI: ['NI', 600_000, 999_999, 2],
  NC: ['NC', 1_000, 999_999, 2],
  NL: ['NL', 1_000, 999_999, 2],
  OC: ['OC', 300_000, 999_999, 2],
  LP: ['LP', 10_000, 999_999, 2],
} as const;
type Series = keyof typeof NUMBER_SERIES;

type Kind = 'ltd' | 'plc' | 'llp' | 'lp' | 'cic' | 'guarantee';

const CATEGORY: Record<Kind, string> = {
  ltd: 'Private Limited Company',
  plc: 'Public Limited Company',
  llp: 'Limited Liability Partnership',
  lp: 'Limited Partnership',
  cic: 'Community Interest Company',
  guarantee: 'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)',
};

const SERIES: Record<Nation, Record<'company' | 'llp' | 'lp', Series>> = {
  england: { company: 'plain', llp: 'OC', lp: 'LP' },
  wales: { company: 'plain', llp: 'OC', lp: 'LP' },
  scotland: { company: 'SC', llp: 'SO', lp: 'SL' },
  'northern-ireland': { company: 'NI', llp: 'NC', lp: 'NL' },
};

const EARLIEST_INCORPORATION = dayNumber(1930, 1, 1);

/*
 * Two kinds of company every demo register holds, whatever the seed's draws, so the screener and the health score
 * have something to find out of the box (docs/screener.md, "Demo data"):
 * - Software companies in the North West: the first three companies whose name stem is in SIC division 62, and
 *   after them one in eight (the stem's first name word decides, so no draw moves), are registered in a North
 *   West town, active, private limited companies at least five years old and filing on time. The accounts plan
 *   makes every active private limited software company grow (demo-accounts-plan.ts).
 * - A company behind with its accounts: every 50th row (from row 25), when it is old enough to have filed and
 *   not dormant, is active but its latest accounts are overdue. Its accounts plan shows net liabilities.
 */
const NORTH_WEST_TOWNS = ['MANCHESTER', 'LIVERPOOL', 'PRESTON'];
const NORTH_WEST_SOFTWARE_FIRST = 3;
const SHOWCASE_MIN_AGE_DAYS = 5 * 365;
const BEHIND_EVERY = 50;
const BEHIND_ROW = 25;
/*
 * Registered-office risk showcases (docs/kyb.md). Every PO_BOX_EVERY-th row from PO_BOX_ROW has a PO box in its
 * registered office; the first AGENT_COMPANIES English rows with i % AGENT_EVERY === AGENT_ROW share one
 * formation agent's address, enough to pass the default KYB_SHARED_ADDRESS_THRESHOLD (50) on the 200-company demo
 * while never more than a register of millions would hold at one agent. Both are written over the drawn address
 * without drawing, so every other row's random values stay as they were.
 */
const PO_BOX_EVERY = 100;
const PO_BOX_ROW = 40;
const AGENT_EVERY = 2;
const AGENT_ROW = 1;
const AGENT_COMPANIES = 64;
export const DEMO_AGENT_OFFICE = {
  line1: '12 FOUNDERS YARD',
  town: 'LONDON',
  postcode: 'N1 7QX',
} as const;

class DemoRegister {
  private readonly random: () => number;
  private readonly nextSerial: Record<Series, number>;
  private readonly townWeights: number[];
  private readonly northWestTowns: readonly Town[];
  private northWestSoftware = 0;
  private agentCompanies = 0;
  private readonly stemMultiplier: number;
  private readonly stemOffset: number;
  private readonly fields = new Array<string>(COLUMNS).fill('');

  constructor(
    private readonly companies: number,
    seed: number,
    private readonly asOf: number,
  ) {
    this.random = mulberry32(seed);
    // Stems are visited in a seeded order: j = (i × prime + offset) mod STEMS, a permutation because the prime
    // is larger than STEMS.
    this.stemMultiplier = [1_000_003, 1_000_033, 1_000_037, 1_000_039][Math.floor(this.random() * 4)]!;
    this.stemOffset = Math.floor(this.random() * STEMS);
    this.nextSerial = Object.fromEntries(
      Object.entries(NUMBER_SERIES).map(([series, [, first]]) => [
        series,
        first + Math.floor(this.random() * 500),
      ]),
    ) as Record<Series, number>;
    let total = 0;
    this.townWeights = TOWNS.map((town) => (total += town.weight));
    this.northWestTowns = TOWNS.filter((town) => NORTH_WEST_TOWNS.includes(town.town));
    if (this.northWestTowns.length === 0)
      throw new Error('demo register: no North West town in the vocabulary');
  }

  row(i: number): string {
    const r = this.random;
    const f = this.fields;
    const stem = this.stem(i);
    const sicIndex = stem.sic;
    const software =
      SIC_CODES[sicIndex]!.code.startsWith('62') &&
      (this.northWestSoftware < NORTH_WEST_SOFTWARE_FIRST || stem.first % 8 === 0);
    if (software) this.northWestSoftware++;
    const drawnTown = this.town();
    const town = software ? pick(this.northWestTowns, r) : drawnTown;
    const drawnKind = this.kind(sicIndex);
    const kind = software ? 'ltd' : drawnKind;
    const number = this.companyNumber(
      SERIES[town.nation][kind === 'llp' || kind === 'lp' ? kind : 'company'],
    );
    const drawnIncorporation = this.incorporationDay(i);
    const incorporated = software
      ? Math.min(drawnIncorporation, this.asOf - SHOWCASE_MIN_AGE_DAYS)
      : drawnIncorporation;

    let status = 'Active';
    let frozenAt = this.asOf; // the day filings stopped: dissolution or the start of insolvency
    let dissolved: number | null = null;
    const fate = r();
    const age = this.asOf - incorporated;
    if (age > 730 && fate < 0.035) {
      status = 'Dissolved';
      dissolved = incorporated + 365 + Math.floor(r() * (age - 400));
      frozenAt = dissolved;
    } else if (age > 730 && fate < 0.075) {
      status = 'Liquidation';
      frozenAt = this.asOf - 30 - Math.floor(r() * Math.min(700, age - 700));
    } else if (age > 730 && fate < 0.085) {
      status = r() < 0.7 ? 'In Administration' : 'Voluntary Arrangement';
      frozenAt = this.asOf - 30 - Math.floor(r() * Math.min(400, age - 700));
    } else if (age > 730 && fate > 0.985) {
      status = 'Active - Proposal to Strike off';
    }
    const showcaseBehind =
      !software &&
      i % BEHIND_EVERY === BEHIND_ROW &&
      kind !== 'lp' &&
      sicIndex !== DORMANT_SIC &&
      age > SHOWCASE_MIN_AGE_DAYS;
    if (software || showcaseBehind) {
      status = 'Active';
      dissolved = null;
      frozenAt = this.asOf;
    }
    // A company heading for strike-off has usually stopped filing.
    const behindOnAccounts = showcaseBehind || (!software && (status !== 'Active' || r() < 0.07));
    const behindOnStatement = !software && (status.startsWith('Active - ') || r() < 0.05);

    f[0] = this.name(stem.first, stem.second, sicIndex, stem.group, kind);
    f[1] = number;
    this.address(f, town);
    this.showcaseOffice(f, i, town);
    f[10] = CATEGORY[kind];
    f[11] = status;
    f[12] = 'United Kingdom';
    f[13] = dissolved === null ? '' : csvDay(dissolved);
    f[14] = csvDay(incorporated);

    if (kind === 'lp') {
      // Limited partnerships file neither accounts nor confirmation statements.
      for (let c = 15; c <= 21; c++) f[c] = '';
      f[19] = 'NO ACCOUNTS FILED';
      f[53] = '';
      f[54] = '';
    } else {
      const dormant = sicIndex === DORMANT_SIC;
      writeAccounts(
        f,
        { incorporated, plc: kind === 'plc', dormant, asOf: frozenAt, behind: behindOnAccounts },
        this.random,
      );
      writeReturnsAndStatements(f, { incorporated, asOf: frozenAt, behind: behindOnStatement }, this.random);
    }

    this.charges(f, age);
    this.sicTexts(f, sicIndex);
    f[30] = kind === 'lp' ? String(1 + Math.floor(r() * 2)) : '0';
    f[31] = kind === 'lp' ? String(1 + Math.floor(r() * 20)) : '0';
    f[32] = 'http://business.data.gov.uk/id/company/' + number;
    this.previousNames(f, incorporated, frozenAt, kind);

    let line = '"';
    for (let c = 0; c < COLUMNS; c++) {
      const value = f[c]!;
      line += (c === 0 ? '' : '","') + (value.includes('"') ? value.replaceAll('"', '""') : value);
    }
    return line + '"\n';
  }

  private stem(i: number): { first: number; second: number; sic: number; group: number } {
    const j = ((i % STEMS) * this.stemMultiplier + this.stemOffset) % STEMS;
    const sic = j % SIC_CODES.length;
    const rest = Math.floor(j / SIC_CODES.length);
    return {
      first: Math.floor(rest / SECOND_WORDS.length),
      second: rest % SECOND_WORDS.length,
      sic,
      group: Math.floor(i / STEMS),
    };
  }

  private name(first: number, second: number, sicIndex: number, group: number, kind: Kind): string {
    const words = SIC_CODES[sicIndex]!.words;
    let name = `${FIRST_WORDS[first]} ${SECOND_WORDS[second]} ${words[(first + second) % words.length]}`;
    if (group > 0) name += ' ' + (QUALIFIERS[group - 1] ?? `(${group + 1})`);
    return `${name} ${this.suffix(kind)}`;
  }

  private suffix(kind: Kind): string {
    switch (kind) {
      case 'plc':
        return 'PLC';
      case 'llp':
        return 'LLP';
      case 'lp':
        return 'LP';
      case 'cic':
        return this.random() < 0.6 ? 'CIC' : 'C.I.C.';
      case 'guarantee':
        return 'LIMITED';
      case 'ltd':
        return this.random() < 0.55 ? 'LIMITED' : 'LTD';
    }
  }

  private kind(sicIndex: number): Kind {
    if (sicIndex === RESIDENTS_SIC) return 'guarantee';
    const k = this.random();
    if (k < 0.865) return 'ltd';
    if (k < 0.88) return 'plc';
    if (k < 0.93) return 'llp';
    if (k < 0.94) return 'lp';
    if (k < 0.96) return 'cic';
    return 'guarantee';
  }

  private town(): Town {
    const pick = this.random() * this.townWeights[this.townWeights.length - 1]!;
    let t = 0;
    while (this.townWeights[t]! <= pick) t++;
    return TOWNS[t]!;
  }

  private companyNumber(series: Series): string {
    const [prefix, , last, maxGap] = NUMBER_SERIES[series];
    const serial = this.nextSerial[series];
    if (serial > last) throw new Error(`demo register: ran out of ${series} company numbers`);
    this.nextSerial[series] = serial + 1 + Math.floor(this.random() * maxGap);
    return prefix + String(serial).padStart(8 - prefix.length, '0');
  }

  /** Row order follows incorporation, most companies recent, as numbers are handed out in date order. */
  private incorporationDay(i: number): number {
    const span = this.asOf - 1 - EARLIEST_INCORPORATION;
    const u = (i + this.random()) / this.companies;
    return EARLIEST_INCORPORATION + Math.min(span, Math.floor(u ** 0.15 * span));
  }

  private address(f: string[], town: Town): void {
    const r = this.random;
    f[2] = r() < 0.015 ? pick(CARE_OF, r) : '';
    f[3] = r() < 0.005 ? String(100 + Math.floor(r() * 9000)) : '';
    const street = `${pick(STREETS, r)} ${pick(STREET_TYPES, r)}`;
    const style = r();
    if (style < 0.6) f[4] = `${1 + Math.floor(r() * 240)} ${street}`;
    else if (style < 0.8) f[4] = `UNIT ${1 + Math.floor(r() * 40)} ${pick(FIRST_WORDS, r)} BUSINESS PARK`;
    else f[4] = `SUITE ${1 + Math.floor(r() * 30)}, ${pick(FIRST_WORDS, r)} HOUSE`;
    f[5] = style >= 0.8 ? `${1 + Math.floor(r() * 120)} ${street}` : r() < 0.25 ? pick(LOCALITIES, r) : '';
    f[6] = town.town;
    f[7] = town.county;
    const country = r();
    f[8] = country < 0.5 ? NATION_COUNTRY[town.nation] : country < 0.7 ? 'UNITED KINGDOM' : '';
    const [area, first, last] = town.areas[Math.floor(r() * town.areas.length)]!;
    const district = first + Math.floor(r() * (last - first + 1));
    f[9] =
      `${area}${district} ${Math.floor(r() * 10)}` +
      INWARD_LETTERS[Math.floor(r() * INWARD_LETTERS.length)] +
      INWARD_LETTERS[Math.floor(r() * INWARD_LETTERS.length)];
  }

  private showcaseOffice(f: string[], i: number, town: Town): void {
    if (i % PO_BOX_EVERY === PO_BOX_ROW) {
      f[3] = String(1000 + i);
      return;
    }
    if (town.nation !== 'england' || i % AGENT_EVERY !== AGENT_ROW) return;
    if (this.agentCompanies >= AGENT_COMPANIES) return;
    this.agentCompanies++;
    f[2] = '';
    f[3] = '';
    f[4] = DEMO_AGENT_OFFICE.line1;
    f[5] = '';
    f[6] = DEMO_AGENT_OFFICE.town;
    f[7] = '';
    f[9] = DEMO_AGENT_OFFICE.postcode;
  }

  /** About one company in five has registered a charge, fewer among the newest. */
  private charges(f: string[], age: number): void {
    const r = this.random;
    if (r() >= 0.2 * Math.min(1, age / 1500)) {
      f[22] = f[23] = f[24] = f[25] = '0';
      return;
    }
    const total = 1 + Math.floor(r() * 6);
    const satisfied = Math.floor(r() * (total + 1));
    const partSatisfied = satisfied < total && r() < 0.1 ? 1 : 0;
    f[22] = String(total);
    f[23] = String(total - satisfied - partSatisfied);
    f[24] = String(partSatisfied);
    f[25] = String(satisfied);
  }

  private sicTexts(f: string[], sicIndex: number): void {
    const r = this.random;
    f[26] = f[27] = f[28] = f[29] = '';
    if (r() < 0.01) {
      f[26] = 'None Supplied';
      return;
    }
    f[26] = sicText(sicIndex);
    if (sicIndex === DORMANT_SIC) return;
    let extra = r() < 0.25 ? (r() < 0.2 ? 2 : 1) : 0;
    for (let c = 27; extra > 0; extra--) {
      const other = Math.floor(r() * SIC_CODES.length);
      const text = sicText(other);
      if (other !== DORMANT_SIC && !f.slice(26, c).includes(text)) f[c++] = text;
    }
  }

  /** Most recent first, as in the file; each change dated between incorporation and the day filings stopped. */
  private previousNames(f: string[], incorporated: number, until: number, kind: Kind): void {
    const r = this.random;
    for (let c = 33; c < 53; c++) f[c] = '';
    const span = until - incorporated - 60;
    if (span < 60 || r() >= 0.1) return;
    const changes = r() < 0.9 ? 1 + Math.floor(r() * 2) : 3 + Math.floor(r() * 4);
    let latest = until;
    for (let k = 0; k < changes; k++) {
      const room = Math.min(span / changes, latest - incorporated - 2);
      if (room < 1) break;
      const changed = latest - 1 - Math.floor(r() * room);
      latest = changed;
      const former = this.stem(Math.floor(r() * STEMS));
      const words = SIC_CODES[former.sic]!.words;
      const suffix = kind === 'ltd' || kind === 'cic' || kind === 'guarantee' ? 'LIMITED' : this.suffix(kind);
      f[33 + 2 * k] = csvDay(changed);
      f[34 + 2 * k] =
        `${FIRST_WORDS[former.first]} ${SECOND_WORDS[former.second]} ${words[former.first % words.length]} ${suffix}`;
    }
  }
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

function sicText(index: number): string {
  const sic = SIC_CODES[index]!;
  return `${sic.code} - ${sic.description}`;
}
