import type { CompanyContext } from './company-context';
import { founderKey } from './company-context';
import { demoIdentityVerification } from './demo-identity-verification';
import { adultFrom, demoAddress, demoPerson, officerName, type DemoPerson } from './demo-people';
import { isoDay } from './keyed-random';

/*
 * The officer list of GET /company/{n}/officers. Directors (members for an LLP), sometimes a secretary and now
 * and then a corporate director that is another demo company; some officers resigned, and those appointed after
 * incorporation are the ones the filing history shows an appointment form for.
 */

export type OfficerRole =
  'director' | 'secretary' | 'corporate-director' | 'llp-member' | 'llp-designated-member';

export interface DemoAppointment {
  appointment_id: string;
  /** Null for a corporate officer. */
  person: DemoPerson | null;
  name: string;
  role: OfficerRole;
  appointed_on: number;
  resigned_on: number | null;
  item: Record<string, unknown>;
}

export interface DemoOfficers {
  appointments: DemoAppointment[];
  body: Record<string, unknown>;
}

export function demoOfficers(ctx: CompanyContext): DemoOfficers {
  const r = ctx.random;
  const number = ctx.company.company_number;
  const appointments: DemoAppointment[] = [];
  if (!ctx.partnership) {
    const keys: { key: string; nameKey?: string; shift?: number }[] = [{ key: founderKey(number) }];
    if (ctx.parent) keys.push({ key: founderKey(ctx.parent.company_number) });
    if (ctx.namesake) {
      const { pair, side } = ctx.namesake;
      keys.push({
        key: `namesake:${pair}:${side}`,
        nameKey: `namesake:${pair}`,
        shift: side === 'a' ? 0 : 3 + (pair % 9),
      });
    }
    if (ctx.sharedPeople > 0 && r.chance(0.35))
      keys.push({ key: `shared:${r.int(0, ctx.sharedPeople - 1)}` });
    const wanted = ctx.llp
      ? r.int(2, 5)
      : ctx.company.type === 'plc'
        ? r.int(3, 6)
        : r.weighted([
            [1, 45],
            [2, 40],
            [3, 15],
          ] as const);
    for (let k = 1; keys.length < wanted; k++) keys.push({ key: `officer:${number}:${k}` });

    keys.forEach(({ key, nameKey, shift }, index) => {
      const person = demoPerson(ctx.seed, key, nameKey, shift);
      // The founder and most first officers are appointed on incorporation; the rest joined later.
      const atIncorporation = index === 0 || r.chance(0.6);
      const earliest = Math.max(ctx.created, adultFrom(person));
      const appointed = atIncorporation ? ctx.created : r.day(earliest + 30, ctx.end - 30);
      const role: OfficerRole = ctx.llp
        ? index < 2 || r.chance(0.4)
          ? 'llp-designated-member'
          : 'llp-member'
        : 'director';
      appointments.push(personAppointment(ctx, person, role, Math.max(ctx.created, appointed), null));
    });

    const resigned = r.chance(0.35) ? (r.chance(0.25) ? 2 : 1) : 0;
    for (let k = 0; k < resigned && ctx.end - ctx.created > 120; k++) {
      const person = demoPerson(ctx.seed, `former:${number}:${k}`);
      const appointed = r.chance(0.3) ? ctx.created : r.day(ctx.created + 1, ctx.end - 90);
      const resignedOn = r.day(appointed + 30, ctx.end - 1);
      appointments.push(
        personAppointment(ctx, person, ctx.llp ? 'llp-member' : 'director', appointed, resignedOn),
      );
    }

    if (!ctx.llp && (ctx.company.type === 'plc' || r.chance(0.3))) {
      const person = demoPerson(ctx.seed, `secretary:${number}`);
      const appointed = r.chance(0.7) ? ctx.created : r.day(ctx.created + 1, ctx.end - 1);
      appointments.push(personAppointment(ctx, person, 'secretary', appointed, null));
    }

    if (ctx.corporateDirector) appointments.push(corporateAppointment(ctx, ctx.corporateDirector));
  }

  // Active officers first, then those who resigned, most recent first.
  appointments.sort((a, b) =>
    (a.resigned_on === null) !== (b.resigned_on === null)
      ? a.resigned_on === null
        ? -1
        : 1
      : b.resigned_on !== null && a.resigned_on !== null && a.resigned_on !== b.resigned_on
        ? b.resigned_on - a.resigned_on
        : a.appointed_on - b.appointed_on,
  );
  const active = appointments.filter((a) => a.resigned_on === null).length;
  const body = {
    etag: r.id(40).toLowerCase(),
    kind: 'officer-list',
    items_per_page: 35,
    start_index: 0,
    total_results: appointments.length,
    active_count: active,
    inactive_count: 0,
    resigned_count: appointments.length - active,
    links: { self: `/company/${number}/officers` },
    items: appointments.map((a) => a.item),
  };
  return { appointments, body };
}

function personAppointment(
  ctx: CompanyContext,
  person: DemoPerson,
  role: OfficerRole,
  appointed: number,
  resigned: number | null,
): DemoAppointment {
  const number = ctx.company.company_number;
  const appointmentId = ctx.random.id();
  const name = officerName(person);
  // Inside the company's life whatever the draws: appointed no earlier than incorporation, resigned after that.
  appointed = Math.min(Math.max(ctx.created, appointed), ctx.end);
  if (resigned !== null) resigned = Math.min(Math.max(resigned, appointed + 1), ctx.end);
  const item: Record<string, unknown> = {
    name,
    officer_role: role,
    appointed_on: isoDay(appointed),
  };
  if (resigned !== null) item.resigned_on = isoDay(resigned);
  // Secretaries are listed without birth, nationality or occupation.
  if (role !== 'secretary') {
    item.date_of_birth = { month: person.birth.month, year: person.birth.year };
    item.nationality = person.nationality;
    item.country_of_residence = person.country_of_residence;
    if (role === 'director') item.occupation = person.occupation;
  }
  item.address = person.address;
  if (role === 'director' && resigned === null) {
    const verification = demoIdentityVerification(ctx, appointmentId, appointed);
    if (verification) item.identity_verification_details = verification;
  }
  item.links = {
    self: `/company/${number}/appointments/${appointmentId}`,
    officer: { appointments: `/officers/${person.officer_id}/appointments` },
  };
  return {
    appointment_id: appointmentId,
    person,
    name,
    role,
    appointed_on: appointed,
    resigned_on: resigned,
    item,
  };
}

function corporateAppointment(ctx: CompanyContext, director: CompanyContext['company']): DemoAppointment {
  const r = ctx.random;
  const number = ctx.company.company_number;
  const appointmentId = r.id();
  // Keyed by the director company alone, so the same company has the same officer id on every board it sits on.
  const officerId = demoPerson(ctx.seed, `corporate:${director.company_number}`).officer_id;
  const appointed = r.day(ctx.created + 1, ctx.end - 1);
  const item = {
    name: director.company_name,
    officer_role: 'corporate-director',
    appointed_on: isoDay(appointed),
    identification: {
      identification_type: 'uk-limited-company',
      registration_number: director.company_number,
      place_registered: 'Companies House',
      legal_authority: 'Companies Act 2006',
      legal_form: director.type === 'plc' ? 'Public Limited Company' : 'Private Limited Company',
    },
    address: demoAddress(r),
    links: {
      self: `/company/${number}/appointments/${appointmentId}`,
      officer: { appointments: `/officers/${officerId}/appointments` },
    },
  };
  return {
    appointment_id: appointmentId,
    person: null,
    name: director.company_name,
    role: 'corporate-director',
    appointed_on: appointed,
    resigned_on: null,
    item,
  };
}
