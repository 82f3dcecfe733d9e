import type { DemoDetailsCompany } from './demo-details-company';
import { dayOf, KeyedRandom } from './keyed-random';

/** Everything one company's files are drawn from, decided before any of them is written. */
export interface CompanyContext {
  company: DemoDetailsCompany;
  seed: number;
  /** The company's own stream: its files depend on nothing but the seed and the company. */
  random: KeyedRandom;
  created: number;
  /** The last day anything can happen: dissolution, else the day the data is made for. */
  end: number;
  asOf: number;
  llp: boolean;
  /** Limited partnerships list no officers and file no accounts or PSCs. */
  partnership: boolean;
  /** The company that controls this one as its corporate PSC (and whose controller sits on its board). */
  parent: DemoDetailsCompany | null;
  /** True when another demo company is controlled by this one: its PSC must then be an individual. */
  isParent: boolean;
  corporateDirector: DemoDetailsCompany | null;
  /** A listed plc, exempt from keeping a PSC register: it files exemptions and names no PSC. */
  listed: boolean;
  namesake: { pair: number; side: 'a' | 'b' } | null;
  sharedPeople: number;
}

export function companyContext(
  company: DemoDetailsCompany,
  seed: number,
  asOf: number,
  links: Pick<
    CompanyContext,
    'parent' | 'isParent' | 'corporateDirector' | 'listed' | 'namesake' | 'sharedPeople'
  >,
): CompanyContext {
  const { created, end } = companyLifetime(company, asOf);
  return {
    company,
    seed,
    random: new KeyedRandom(seed, `company:${company.company_number}`),
    created,
    end,
    asOf,
    llp: company.type === 'llp',
    partnership: company.type === 'limited-partnership' || company.type === 'scottish-partnership',
    ...links,
  };
}

/** The key of a company's first director: its controlling individual, and a director of the companies it controls. */
export function founderKey(companyNumber: string): string {
  return `founder:${companyNumber}`;
}

/** Incorporation to dissolution (or asOf), as day numbers. A row without an incorporation date is taken as ten years old. */
export function companyLifetime(company: DemoDetailsCompany, asOf: number): { created: number; end: number } {
  const created = company.date_of_creation === null ? asOf - 3652 : dayOf(company.date_of_creation);
  const ceased = company.date_of_cessation === null ? asOf : dayOf(company.date_of_cessation);
  return { created, end: Math.max(created, Math.min(asOf, ceased)) };
}
