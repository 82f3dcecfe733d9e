import { addMonths } from '../../domain/companies/register-dates';
import type { CompanyContext } from './company-context';
import { INSOLVENCY_STATUSES } from './demo-details-company';
import { PRACTITIONER_FIRMS, SURNAMES, MALE_FORENAMES, FEMALE_FORENAMES } from './details-vocabulary';
import { dayOf, isoDay } from './keyed-random';
import { titleCase } from './demo-people';

/*
 * GET /company/{n}/insolvency for a company whose status is an insolvency one: one case of the matching kind,
 * begun after its last accounts, with two practitioners from one firm. The filing history shows the appointment.
 */

export interface InsolvencyEvent {
  started_on: number;
  /** The filing that opened the case, when Companies House has a description for it. */
  filing: { type: string; description: string } | null;
}

export interface DemoInsolvency {
  body: Record<string, unknown>;
  event: InsolvencyEvent;
}

const CASE_STATUS: Record<string, string | null> = {
  liquidation: 'liquidation',
  administration: 'in-administration',
  receivership: 'receivership',
  'voluntary-arrangement': 'voluntary-arrangement',
  'insolvency-proceedings': null,
};

export function demoInsolvency(ctx: CompanyContext): DemoInsolvency | null {
  const status = ctx.company.company_status;
  if (!INSOLVENCY_STATUSES.has(status)) return null;
  const r = ctx.random;
  const accounts = ctx.company.last_accounts_made_up_to;
  const from = accounts === null ? ctx.created + 1 : addMonths(dayOf(accounts), 3);
  const started = Math.min(r.day(from, ctx.end - 30), ctx.end);

  let type: string;
  let dates: { type: string; date: string }[];
  let role = 'practitioner';
  let filing: InsolvencyEvent['filing'] = null;
  const on = isoDay(started);
  switch (status) {
    case 'liquidation': {
      const kind = r.weighted([
        ['creditors-voluntary-liquidation', 70],
        ['compulsory-liquidation', 20],
        ['members-voluntary-liquidation', 10],
      ] as const);
      type = kind;
      if (kind === 'compulsory-liquidation') {
        dates = [
          { type: 'petitioned-on', date: isoDay(Math.max(ctx.created, started - r.int(30, 90))) },
          { type: 'wound-up-on', date: on },
        ];
      } else if (kind === 'members-voluntary-liquidation') {
        dates = [
          { type: 'declaration-solvent-on', date: isoDay(Math.max(ctx.created, started - r.int(1, 20))) },
          { type: 'wound-up-on', date: on },
        ];
      } else {
        dates = [{ type: 'wound-up-on', date: on }];
        filing = { type: '600', description: 'liquidation-voluntary-appointment-of-liquidator' };
      }
      break;
    }
    case 'administration':
      type = 'in-administration';
      dates = [{ type: 'administration-started-on', date: on }];
      filing = { type: 'AM01', description: 'liquidation-in-administration-appointment-of-administrator' };
      break;
    case 'receivership':
      type = 'administrative-receiver';
      role = 'receiver-manager';
      dates = [{ type: 'instrumented-on', date: on }];
      break;
    case 'voluntary-arrangement':
      type = 'corporate-voluntary-arrangement';
      dates = [{ type: 'voluntary-arrangement-started-on', date: on }];
      break;
    default:
      type = 'moratorium';
      dates = [{ type: 'moratorium-started-on', date: on }];
  }

  const [firm, street, town, postcode] = r.pick(PRACTITIONER_FIRMS);
  const practitioners = [0, 1].map(() => {
    const forename = r.chance(0.5) ? r.pick(MALE_FORENAMES) : r.pick(FEMALE_FORENAMES);
    return {
      name: `${titleCase(forename)} ${titleCase(r.pick(SURNAMES))}`,
      role,
      appointed_on: on,
      address: { address_line_1: `${firm}, ${street}`, locality: town, postal_code: postcode },
    };
  });
  const caseStatus = CASE_STATUS[status] ?? null;
  return {
    event: { started_on: started, filing },
    body: {
      etag: r.id(40).toLowerCase(),
      ...(caseStatus === null ? {} : { status: caseStatus }),
      cases: [{ type, number: '1', dates, practitioners }],
    },
  };
}
