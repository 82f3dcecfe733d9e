import { addMonths, dayNumber } from '../../domain/companies/register-dates';
import type { CompanyContext } from './company-context';
import { FILING_DESCRIPTION, type AccountsPlan } from './demo-accounts-plan';
import type { ChargeEvent } from './demo-charges';
import type { InsolvencyEvent } from './demo-insolvency';
import type { DemoAppointment } from './demo-officers';
import { demoAddress, type DemoAddress } from './demo-people';
import type { PscEvent } from './demo-pscs';
import { dayOf, isoDay, PSC_REGIME_STARTED } from './keyed-random';

/*
 * GET /company/{n}/filing-history, newest first: incorporation, one accounts filing per accounts year, recent
 * confirmation statements, and the forms behind every other resource (officer appointments and terminations,
 * charges created and satisfied, PSC notifications and cessations, the insolvency appointment, strike-off).
 */

export interface FilingInputs {
  appointments: DemoAppointment[];
  pscs: PscEvent[];
  charges: ChargeEvent[];
  insolvency: InsolvencyEvent | null;
  accounts: AccountsPlan | null;
}

interface Filing {
  day: number;
  category: string;
  subcategory?: string;
  type: string;
  description: string;
  description_values: Record<string, unknown>;
  action_date?: number;
  transaction_id?: string;
  pages: number;
  extra?: Record<string, unknown>;
}

const CONFIRMATION_STATEMENTS_BEGAN = dayNumber(2016, 6, 30);
const RECENT_STATEMENTS = 6;

export function demoFilingHistory(
  ctx: CompanyContext,
  inputs: FilingInputs,
): { body: Record<string, unknown>; count: number } {
  const r = ctx.random;
  const number = ctx.company.company_number;
  const llp = ctx.llp;
  const filings: Filing[] = [];
  const within = (day: number) => Math.min(ctx.end, Math.max(ctx.created, day));
  const add = (filing: Filing) => filings.push({ ...filing, day: within(filing.day) });

  add(
    ctx.partnership
      ? {
          day: ctx.created,
          category: 'incorporation',
          type: 'LP5',
          description: 'incorporation-limited-partnership',
          description_values: {},
          pages: r.int(3, 6),
        }
      : llp
        ? {
            day: ctx.created,
            category: 'incorporation',
            type: 'LLIN01',
            description: 'incorporation-limited-liability-partnership',
            description_values: {},
            pages: r.int(8, 14),
          }
        : {
            day: ctx.created,
            category: 'incorporation',
            type: 'NEWINC',
            description: 'incorporation-company',
            description_values: {},
            pages: r.int(10, 30),
          },
  );

  if (inputs.accounts) {
    for (const { made_up_date, filed_on } of inputs.accounts.filings) {
      add({
        day: dayOf(filed_on),
        category: 'accounts',
        type: 'AA',
        description: FILING_DESCRIPTION[inputs.accounts.style],
        description_values: { made_up_date },
        action_date: dayOf(made_up_date),
        pages: r.int(4, 18),
      });
    }
  }

  if (!ctx.partnership) {
    const anniversaries: number[] = [];
    for (let k = 1; ; k++) {
      const anniversary = addMonths(ctx.created, 12 * k);
      if (anniversary > ctx.end - 14) break;
      if (anniversary >= CONFIRMATION_STATEMENTS_BEGAN) anniversaries.push(anniversary);
    }
    for (const anniversary of anniversaries.slice(-RECENT_STATEMENTS)) {
      add({
        day: anniversary + r.int(0, 13),
        category: 'confirmation-statement',
        type: llp ? 'LLCS01' : 'CS01',
        description: r.chance(0.8)
          ? 'confirmation-statement-with-no-updates'
          : 'confirmation-statement-with-updates',
        description_values: { made_up_date: isoDay(anniversary) },
        action_date: anniversary,
        pages: r.int(3, 5),
      });
    }

    if (ctx.end - ctx.created > 400 && r.chance(0.25)) {
      const day = r.day(ctx.created + 200, ctx.end - 1);
      add({
        day,
        category: 'address',
        type: llp ? 'LLAD01' : 'AD01',
        description: llp
          ? 'change-registered-office-address-limited-liability-partnership-with-date-old-address-new-address'
          : 'change-registered-office-address-company-with-date-old-address-new-address',
        description_values: {
          change_date: isoDay(day),
          old_address: oneLine(demoAddress(r)),
          new_address: oneLine(demoAddress(r)),
        },
        action_date: day,
        pages: 1,
      });
    }

    if (!llp && ctx.end - ctx.created > 200 && r.chance(0.25)) {
      const day = r.day(ctx.created + 60, ctx.end - 1);
      add({
        day,
        category: 'capital',
        subcategory: 'allotments',
        type: 'SH01',
        description: 'capital-allotment-shares',
        description_values: {
          date: isoDay(day),
          capital: [{ currency: 'GBP', figure: String(r.pick([100, 200, 1000, 1100, 10000])) }],
        },
        action_date: day,
        pages: r.int(3, 5),
      });
    }

    if (!llp && ctx.end - ctx.created > 200 && r.chance(0.15)) {
      const day = r.day(ctx.created + 60, ctx.end - 1);
      add({
        day,
        category: 'resolution',
        subcategory: 'resolution',
        type: 'RESOLUTIONS',
        description: 'resolution',
        description_values: { description: 'Resolutions' },
        pages: r.int(1, 3),
        extra: {
          resolutions: [
            {
              category: 'capital',
              subcategory: ['resolution'],
              type: 'RES10',
              description: 'resolution-securities',
            },
          ],
        },
      });
    }
  }

  for (const appointment of inputs.appointments) {
    const kind = officerForms(appointment, llp);
    if (appointment.appointed_on > ctx.created) {
      add({
        day: appointment.appointed_on + r.int(0, 14),
        category: 'officers',
        subcategory: 'appointments',
        type: kind.appoint[0],
        description: kind.appoint[1],
        description_values: {
          officer_name: appointment.name,
          appointment_date: isoDay(appointment.appointed_on),
        },
        action_date: appointment.appointed_on,
        pages: r.int(2, 3),
      });
    }
    if (appointment.resigned_on !== null) {
      add({
        day: appointment.resigned_on + r.int(0, 14),
        category: 'officers',
        subcategory: 'termination',
        type: kind.terminate[0],
        description: kind.terminate[1],
        description_values: {
          officer_name: appointment.name,
          termination_date: isoDay(appointment.resigned_on),
        },
        action_date: appointment.resigned_on,
        pages: 1,
      });
    }
  }

  for (const charge of inputs.charges) {
    add({
      day: charge.delivered_on,
      category: 'mortgage',
      subcategory: 'create',
      type: charge.charge_code === null ? 'MG01' : 'MR01',
      description: 'mortgage-create-with-deed-with-charge-number-charge-creation-date',
      description_values: {
        charge_number: charge.charge_code ?? String(charge.charge_number),
        charge_creation_date: isoDay(charge.created_on),
      },
      action_date: charge.created_on,
      transaction_id: charge.create_transaction_id,
      pages: r.int(10, 40),
    });
    if (charge.satisfied_on !== null && charge.satisfy_transaction_id !== null) {
      add({
        day: charge.satisfied_on,
        category: 'mortgage',
        subcategory: 'satisfy',
        type: 'MR04',
        description:
          charge.status === 'fully-satisfied'
            ? 'mortgage-satisfy-charge-full'
            : 'mortgage-satisfy-charge-part',
        description_values: { charge_number: charge.charge_code ?? String(charge.charge_number) },
        transaction_id: charge.satisfy_transaction_id,
        pages: r.int(1, 2),
      });
    }
  }

  const suffix = llp ? '-limited-liability-partnership' : '';
  const filedFrom = Math.max(ctx.created, PSC_REGIME_STARTED);
  for (const psc of inputs.pscs) {
    const statement = psc.kind === 'persons-with-significant-control-statement';
    if (psc.notified_on > filedFrom) {
      add({
        day: psc.notified_on + r.int(0, 14),
        category: 'persons-with-significant-control',
        type: (llp ? 'LL' : '') + PSC_FORM[psc.kind],
        description: statement
          ? `notification-of-a-person-with-significant-control-statement${suffix}`
          : `notification-of-a-person-with-significant-control${suffix}`,
        description_values: statement
          ? {}
          : { psc_name: psc.name, notification_date: isoDay(psc.notified_on) },
        action_date: psc.notified_on,
        pages: 2,
      });
    }
    if (psc.ceased_on !== null) {
      add({
        day: psc.ceased_on + r.int(0, 14),
        category: 'persons-with-significant-control',
        type: llp ? 'LLPSC07' : 'PSC07',
        description: `cessation-of-a-person-with-significant-control${suffix}`,
        description_values: { psc_name: psc.name, cessation_date: isoDay(psc.ceased_on) },
        action_date: psc.ceased_on,
        pages: 1,
      });
    }
  }

  if (inputs.insolvency?.filing) {
    add({
      day: inputs.insolvency.started_on + r.int(1, 10),
      category: 'insolvency',
      type: inputs.insolvency.filing.type,
      description: inputs.insolvency.filing.description,
      description_values: {},
      action_date: inputs.insolvency.started_on,
      pages: r.int(1, 3),
    });
  }

  if (ctx.company.company_status === 'dissolved' && ctx.company.date_of_cessation !== null) {
    const dissolved = dayOf(ctx.company.date_of_cessation);
    add({
      day: dissolved - r.int(60, 90),
      category: 'gazette',
      type: 'GAZ1(A)',
      description: 'gazette-notice-voluntary',
      description_values: {},
      pages: 1,
    });
    add({
      day: dissolved,
      category: 'gazette',
      type: 'GAZ2(A)',
      description: 'gazette-dissolved-voluntary',
      description_values: {},
      pages: 1,
    });
  }

  // Newest first; filings on the same day keep the order they were made in, latest first.
  const ordered = filings
    .map((filing, index) => ({ filing, index }))
    .sort((a, b) => b.filing.day - a.filing.day || b.index - a.index);
  const items = ordered.map(({ filing }) => {
    const transactionId = filing.transaction_id ?? r.id(28);
    const paper = filing.day < dayNumber(2010, 1, 1) && r.chance(0.5);
    return {
      transaction_id: transactionId,
      category: filing.category,
      ...(filing.subcategory === undefined ? {} : { subcategory: filing.subcategory }),
      type: filing.type,
      date: isoDay(filing.day),
      ...(filing.action_date === undefined ? {} : { action_date: isoDay(filing.action_date) }),
      description: filing.description,
      description_values: filing.description_values,
      pages: filing.pages,
      barcode: (paper ? 'A' : 'X') + r.id(7).toUpperCase().replace(/[-_]/g, '0'),
      ...(paper ? { paper_filed: true } : {}),
      ...filing.extra,
      links: {
        self: `/company/${number}/filing-history/${transactionId}`,
        document_metadata: `https://document-api.company-information.service.gov.uk/document/${r.id(43)}`,
      },
    };
  });
  return {
    count: items.length,
    body: {
      etag: r.id(40).toLowerCase(),
      filing_history_status: 'filing-history-available',
      items_per_page: items.length,
      start_index: 0,
      total_count: items.length,
      items,
    },
  };
}

const PSC_FORM: Record<PscEvent['kind'], string> = {
  'individual-person-with-significant-control': 'PSC01',
  'corporate-entity-person-with-significant-control': 'PSC02',
  'legal-person-person-with-significant-control': 'PSC03',
  'persons-with-significant-control-statement': 'PSC08',
};

function officerForms(
  appointment: DemoAppointment,
  llp: boolean,
): { appoint: [string, string]; terminate: [string, string] } {
  if (llp) {
    return {
      appoint: ['LLAP01', 'appoint-person-member-limited-liability-partnership-with-appointment-date'],
      terminate: ['LLTM01', 'termination-member-limited-liability-partnership-with-name-termination-date'],
    };
  }
  switch (appointment.role) {
    case 'secretary':
      return {
        appoint: ['AP03', 'appoint-person-secretary-company-with-name-date'],
        terminate: ['TM02', 'termination-secretary-company-with-name-termination-date'],
      };
    case 'corporate-director':
      return {
        appoint: ['AP02', 'appoint-corporate-director-company-with-name-date'],
        terminate: ['TM01', 'termination-director-company-with-name-termination-date'],
      };
    default:
      return {
        appoint: ['AP01', 'appoint-person-director-company-with-name-date'],
        terminate: ['TM01', 'termination-director-company-with-name-termination-date'],
      };
  }
}

function oneLine(address: DemoAddress): string {
  return `${address.premises} ${address.address_line_1}, ${address.locality}, ${address.postal_code}`;
}
