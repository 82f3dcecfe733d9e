import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { dayNumber } from '../../domain/companies/register-dates';
import { companyContext, type CompanyContext } from './company-context';
import { renderAccountsDocument } from './demo-accounts-document';
import { planDemoAccounts } from './demo-accounts-plan';
import { demoCharges } from './demo-charges';
import {
  demoDetailsCompanySchema,
  type DemoDetailsCompany,
  type DemoDetailsSummary,
} from './demo-details-company';
export type { DemoDetailsCompany, DemoDetailsSummary } from './demo-details-company';
import { demoFilingHistory } from './demo-filings';
import { demoInsolvency } from './demo-insolvency';
import { demoOfficers } from './demo-officers';
import { demoPscs } from './demo-pscs';
import { dayOf, isoDay, KeyedRandom, PSC_REGIME_STARTED } from './keyed-random';

/*
 * Writes the details Companies House publishes beside the register, for demo companies, in its own formats, so
 * they go through the same importers as real files:
 *   companies/<number>/officers.json, filing-history.json, charges.json, insolvency.json (API resource bodies),
 *   and exemptions.json for the listed company
 *   psc-snapshot.txt (PSC snapshot lines, companies in number order, a totals line last)
 *   accounts/Prod223_<run>_<number>_<yyyymmdd>.html (filed accounts, inline XBRL)
 * Every company gets every list resource: one with no charges, no insolvency case or no PSC line gets the list
 * Companies House answers for none (an empty charges.json, insolvency.json or persons-with-significant-control.json),
 * so the demo store holds each company's details whole and an empty list there means "none", never "not held"
 * (docs/company-details.md, "Details not held"). The summary's *_files count the files with something in them.
 * Deterministic: the bytes depend only on (companies, seed, asOf). Each company is written before the next is
 * made; only the links between companies (who controls whom, shared officers) are decided up front.
 */

export interface DemoDetailsOptions {
  seed?: number;
  /** The day the data is made for: nothing is dated after it. */
  asOf: Date;
}

export async function writeDemoCompanyDetails(
  dir: string,
  companies: readonly DemoDetailsCompany[],
  options: DemoDetailsOptions,
): Promise<DemoDetailsSummary> {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfMs = options.asOf.getTime();
  if (Number.isNaN(asOfMs)) throw new RangeError('asOf is not a valid date');
  const asOf = Math.floor(asOfMs / 86_400_000);
  companies.forEach((company, index) => {
    const parsed = demoDetailsCompanySchema.safeParse(company);
    if (!parsed.success)
      throw new RangeError(`company ${index}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    // The number becomes a directory name: nothing but a register number may get that far.
    if (!/^[A-Z0-9]{8}$/.test(company.company_number)) {
      throw new RangeError(`company ${index}: "${company.company_number}" is not a company number`);
    }
  });

  const order = companies
    .map((_, index) => index)
    .sort((a, b) => compare(companies[a]!.company_number, companies[b]!.company_number));
  const links = linkCompanies(companies, order, seed);

  await mkdir(join(dir, 'companies'), { recursive: true });
  await mkdir(join(dir, 'accounts'), { recursive: true });
  const psc = createWriteStream(join(dir, 'psc-snapshot.txt'));
  const summary: DemoDetailsSummary = {
    companies: companies.length,
    officer_files: 0,
    appointments: 0,
    filing_history_files: 0,
    filings: 0,
    charge_files: 0,
    charges: 0,
    insolvency_files: 0,
    insolvency_cases: 0,
    psc_lines: 0,
    psc_statements: 0,
    accounts_documents: 0,
  };

  try {
    for (const [position, index] of order.entries()) {
      const company = companies[index]!;
      const ctx = companyContext(company, seed, asOf, links(position, index));
      const folder = join(dir, 'companies', company.company_number);
      await mkdir(folder, { recursive: true });

      // One company's files are written together; the next company waits for them, so memory stays flat.
      const writes: Promise<void>[] = [];
      const officers = demoOfficers(ctx);
      writes.push(writeJson(join(folder, 'officers.json'), officers.body));
      summary.officer_files++;
      summary.appointments += officers.appointments.length;

      const second = officers.appointments.find(
        (a, i) => i > 0 && a.person !== null && a.resigned_on === null && a.role !== 'secretary',
      );
      // A listed company's PSCs are drawn all the same (its later files keep their values) but not written.
      const drawn = demoPscs(ctx, second?.person ?? null);
      const pscs = ctx.listed ? { lines: [], events: [] } : drawn;
      if (ctx.listed) writes.push(writeJson(join(folder, 'exemptions.json'), listedExemptions(ctx)));
      let chunk = '';
      for (const line of pscs.lines) chunk += JSON.stringify(line) + '\n';
      if (chunk !== '' && !psc.write(chunk)) await once(psc, 'drain');
      if (pscs.lines.length === 0)
        writes.push(writeJson(join(folder, 'persons-with-significant-control.json'), NO_PSCS));
      summary.psc_statements += pscs.events.filter(
        (e) => e.kind === 'persons-with-significant-control-statement',
      ).length;
      summary.psc_lines += pscs.lines.length;

      const charges = demoCharges(ctx);
      writes.push(writeJson(join(folder, 'charges.json'), charges.body ?? NO_CHARGES));
      if (charges.body) {
        summary.charge_files++;
        summary.charges += charges.events.length;
      }

      const insolvency = demoInsolvency(ctx);
      writes.push(writeJson(join(folder, 'insolvency.json'), insolvency?.body ?? NO_INSOLVENCY));
      if (insolvency) {
        summary.insolvency_files++;
        summary.insolvency_cases++;
      }

      const accounts = ctx.partnership ? null : planDemoAccounts(company, seed, asOf);
      for (const document of accounts?.documents ?? []) {
        const name = `Prod223_${runNumber(document.filed_on)}_${company.company_number}_${document.balance_sheet_date.replaceAll('-', '')}.html`;
        writes.push(
          writeFile(join(dir, 'accounts', name), renderAccountsDocument(accounts!, document, company)),
        );
        summary.accounts_documents++;
      }

      const history = demoFilingHistory(ctx, {
        appointments: officers.appointments,
        pscs: pscs.events,
        charges: charges.events,
        insolvency: insolvency?.event ?? null,
        accounts,
      });
      writes.push(writeJson(join(folder, 'filing-history.json'), history.body));
      await Promise.all(writes);
      summary.filing_history_files++;
      summary.filings += history.count;
    }

    const totals = {
      data: {
        kind: 'totals#persons-of-significant-control-snapshot',
        persons_of_significant_control_count: summary.psc_lines - summary.psc_statements,
        statements_count: summary.psc_statements,
        exemptions_count: 0,
      },
    };
    psc.end(JSON.stringify(totals) + '\n');
    await finished(psc);
  } finally {
    psc.destroy();
  }
  return summary;
}

/** The API's bodies for a company with none (as the live fetch imports Companies House's 404 for them). */
const NO_CHARGES = { items: [], total_count: 0 };
const NO_INSOLVENCY = { cases: [] };
const NO_PSCS = { kind: 'persons-with-significant-control#list', items: [], total_results: 0 };

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function writeJson(path: string, body: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(body, null, 2) + '\n');
}

/** The daily run the accounts file came in: days since the accounts data product's first run. */
function runNumber(filedOn: string): number {
  return Math.max(1, dayOf(filedOn) - dayNumber(2008, 1, 1));
}

type Links = Pick<
  CompanyContext,
  'parent' | 'isParent' | 'corporateDirector' | 'listed' | 'namesake' | 'sharedPeople'
>;

/** GET /company/{n}/exemptions of a listed company: exempt from the PSC regime since it began, or since it was formed. */
function listedExemptions(ctx: CompanyContext): Record<string, unknown> {
  return {
    kind: 'exemptions',
    links: { self: `/company/${ctx.company.company_number}/exemptions` },
    exemptions: {
      psc_exempt_as_trading_on_uk_regulated_market: {
        exemption_type: 'psc-exempt-as-trading-on-uk-regulated-market',
        items: [{ exempt_from: isoDay(Math.max(ctx.created, PSC_REGIME_STARTED)) }],
      },
    },
  };
}

/**
 * Decides the links between companies before any is written: which companies control another (a PSC chain is a
 * child → its parent → the parent's founder), which sit on another's board, which positions hold a pair of
 * namesakes. Only the children and parents are kept: a few percent of the companies.
 */
function linkCompanies(
  companies: readonly DemoDetailsCompany[],
  order: number[],
  seed: number,
): (position: number, index: number) => Links {
  const r = new KeyedRandom(seed, 'links');
  const active = (c: DemoDetailsCompany) =>
    c.date_of_cessation === null && c.type !== 'limited-partnership' && c.type !== 'scottish-partnership';
  const canParent = (c: DemoDetailsCompany) => active(c) && (c.type === 'ltd' || c.type === 'plc');
  const canBeChild = (c: DemoDetailsCompany) =>
    active(c) || (c.date_of_cessation !== null && dayOf(c.date_of_cessation) >= PSC_REGIME_STARTED);
  const parentOf = new Map<number, number>();
  const parents = new Set<number>();
  const directorOf = new Map<number, number>();

  const link = (child: number, parent: number) => {
    parentOf.set(child, parent);
    parents.add(parent);
  };
  for (const index of order) {
    const company = companies[index]!;
    if (r.chance(0.06) && !parents.has(index) && canBeChild(company)) {
      const candidate = order[r.int(0, order.length - 1)]!;
      if (candidate !== index && !parentOf.has(candidate) && canParent(companies[candidate]!))
        link(index, candidate);
    }
    if (r.chance(0.03) && company.type !== 'llp' && active(company)) {
      const candidate = order[r.int(0, order.length - 1)]!;
      if (candidate !== index && canParent(companies[candidate]!)) directorOf.set(index, candidate);
    }
  }
  // Even a small demo shows one chain when it has the companies for one.
  if (parentOf.size === 0) {
    const parent = order.find((i) => canParent(companies[i]!));
    const child = order.find((i) => i !== parent && canBeChild(companies[i]!));
    if (parent !== undefined && child !== undefined) link(child, parent);
  }
  // And one chain two companies high: the first active child's parent gets a parent of its own, chosen without
  // drawing, so every other company's files keep their values.
  const linked = (i: number) => parents.has(i) || parentOf.has(i);
  const child = order.find(
    (i) => parentOf.has(i) && active(companies[i]!) && !parentOf.has(parentOf.get(i)!),
  );
  const grandparent = order.find((i) => canParent(companies[i]!) && !linked(i));
  if (child !== undefined && grandparent !== undefined) link(parentOf.get(child)!, grandparent);
  // A listed plc, exempt from the PSC regime: the first active plc no chain runs through.
  const listed = order.find((i) => companies[i]!.type === 'plc' && active(companies[i]!) && !linked(i));

  const sharedPeople = companies.length >= 2 ? Math.max(2, Math.floor(companies.length / 10)) : 0;
  return (position, index) => {
    const slot = position % 25;
    const pair = Math.floor(position / 25);
    const parent = parentOf.get(index);
    const director = directorOf.get(index);
    return {
      parent: parent === undefined ? null : companies[parent]!,
      isParent: parents.has(index),
      corporateDirector: director === undefined ? null : companies[director]!,
      listed: index === listed,
      namesake: slot === 5 ? { pair, side: 'a' } : slot === 17 ? { pair, side: 'b' } : null,
      sharedPeople,
    };
  };
}
