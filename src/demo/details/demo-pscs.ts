import type { CompanyContext } from './company-context';
import { founderKey } from './company-context';
import type { DemoDetailsCompany } from './demo-details-company';
import { demoAddress, demoPerson, pscName, titleCase, type DemoPerson } from './demo-people';
import { isoDay, PSC_REGIME_STARTED } from './keyed-random';

/*
 * One company's lines of the PSC snapshot: individuals (usually the founding director), a corporate PSC that is
 * the demo company controlling this one, now and then a legal person, ceased PSCs, and a few statements where no
 * PSC is named. The register of PSCs began on 6 April 2016: nothing is notified before it.
 */

export type PscKind =
  | 'individual-person-with-significant-control'
  | 'corporate-entity-person-with-significant-control'
  | 'legal-person-person-with-significant-control'
  | 'persons-with-significant-control-statement';

export interface PscEvent {
  kind: PscKind;
  name: string | null;
  notified_on: number;
  ceased_on: number | null;
}

export interface DemoPscs {
  lines: { company_number: string; data: Record<string, unknown> }[];
  events: PscEvent[];
}

const SHARES = {
  majority: ['ownership-of-shares-75-to-100-percent', 'voting-rights-75-to-100-percent', 'right-to-appoint-and-remove-directors'],
  quarter: ['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'],
} as const; // prettier-ignore

const LLP_SHARES = {
  majority: [
    'right-to-share-surplus-assets-75-to-100-percent-limited-liability-partnership',
    'voting-rights-75-to-100-percent-limited-liability-partnership',
    'right-to-appoint-and-remove-members-limited-liability-partnership',
  ],
  quarter: [
    'right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership',
    'voting-rights-25-to-50-percent-limited-liability-partnership',
  ],
} as const;

const STATEMENTS: readonly (readonly [string, number])[] = [
  ['no-individual-or-entity-with-signficant-control', 70], // Companies House's own spelling
  ['psc-exists-but-not-identified', 15],
  ['steps-to-find-psc-not-yet-completed', 15],
];

export function demoPscs(ctx: CompanyContext, secondPerson: DemoPerson | null): DemoPscs {
  const result: DemoPscs = { lines: [], events: [] };
  if (ctx.partnership || ctx.end < PSC_REGIME_STARTED) return result;
  const r = ctx.random;
  const number = ctx.company.company_number;
  const natures = ctx.llp ? LLP_SHARES : SHARES;
  const regime = Math.max(ctx.created, PSC_REGIME_STARTED);
  const add = (
    kind: PscKind,
    data: Record<string, unknown>,
    name: string | null,
    notified: number,
    ceased: number | null,
  ) => {
    const id = r.id();
    const path =
      kind === 'persons-with-significant-control-statement'
        ? `persons-with-significant-control-statements/${id}`
        : `persons-with-significant-control/${LINK_SEGMENT[kind]}/${id}`;
    result.lines.push({
      company_number: number,
      data: {
        ...data,
        kind,
        notified_on: isoDay(notified),
        ...(ceased === null ? {} : { ceased_on: isoDay(ceased) }),
        etag: r.id(40).toLowerCase(),
        links: { self: `/company/${number}/${path}` },
      },
    });
    result.events.push({ kind, name, notified_on: notified, ceased_on: ceased });
  };

  if (ctx.parent) {
    const notified = r.chance(0.5) ? regime : r.day(regime + 1, ctx.end);
    add(
      'corporate-entity-person-with-significant-control',
      corporateData(ctx, ctx.parent, natures.majority),
      ctx.parent.company_name,
      notified,
      null,
    );
  } else if (!ctx.isParent && r.chance(0.04)) {
    add(
      'persons-with-significant-control-statement',
      { statement: r.weighted(STATEMENTS) },
      null,
      regime,
      null,
    );
  } else if (!ctx.isParent && !ctx.llp && r.chance(0.01)) {
    const name = `THE TRUSTEES OF THE ${titleCase(ctx.company.company_name.split(' ')[0]!).toUpperCase()} FOUNDATION`;
    add(
      'legal-person-person-with-significant-control',
      {
        name,
        address: demoAddress(r),
        identification: { legal_form: 'Charitable Trust', legal_authority: 'Charities Act 2011' },
        natures_of_control: [...natures.majority],
      },
      name,
      regime,
      null,
    );
  } else {
    const founder = demoPerson(ctx.seed, founderKey(number));
    const shared = secondPerson !== null && !ctx.isParent && r.chance(0.35);
    add(
      'individual-person-with-significant-control',
      individualData(founder, shared ? natures.quarter : natures.majority),
      pscName(founder),
      regime,
      null,
    );
    if (shared) {
      const notified = r.chance(0.6) ? regime : r.day(regime + 1, ctx.end);
      add(
        'individual-person-with-significant-control',
        individualData(secondPerson, natures.quarter),
        pscName(secondPerson),
        notified,
        null,
      );
    }
  }

  if (ctx.end - regime > 120 && r.chance(0.15)) {
    const former = demoPerson(ctx.seed, `former-psc:${number}`);
    const ceased = r.day(regime + 60, ctx.end - 1);
    add(
      'individual-person-with-significant-control',
      individualData(former, natures.quarter),
      pscName(former),
      regime,
      ceased,
    );
  }
  return result;
}

const LINK_SEGMENT: Record<Exclude<PscKind, 'persons-with-significant-control-statement'>, string> = {
  'individual-person-with-significant-control': 'individual',
  'corporate-entity-person-with-significant-control': 'corporate-entity',
  'legal-person-person-with-significant-control': 'legal-person',
};

function individualData(person: DemoPerson, natures: readonly string[]): Record<string, unknown> {
  return {
    name: pscName(person),
    name_elements: {
      title: person.title,
      forename: person.forename,
      ...(person.middle_name === null ? {} : { middle_name: person.middle_name }),
      surname: titleCase(person.surname),
    },
    date_of_birth: { month: person.birth.month, year: person.birth.year },
    nationality: person.nationality,
    country_of_residence: person.country_of_residence,
    address: person.address,
    natures_of_control: [...natures],
  };
}

function corporateData(
  ctx: CompanyContext,
  parent: DemoDetailsCompany,
  natures: readonly string[],
): Record<string, unknown> {
  const prefix = parent.company_number.slice(0, 2);
  return {
    name: parent.company_name,
    address: demoAddress(ctx.random),
    identification: {
      legal_form: parent.type === 'plc' ? 'Public Limited Company' : 'Private Limited Company',
      legal_authority: 'Companies Act 2006',
      place_registered: 'Register Of Companies',
      registration_number: parent.company_number,
      country_registered: prefix === 'SC' ? 'Scotland' : prefix === 'NI' ? 'Northern Ireland' : 'England',
    },
    natures_of_control: [...natures],
  };
}
