import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../db/entities/company';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../db/entities/officer-appointment';
import { addDays } from '../domain/companies/register-dates';
import { importDisqualifiedOfficerJson } from '../ingest/companies-house/resources/disqualified-officer-json';
import { readResourceFile } from '../ingest/companies-house/resources/resource-file';

/*
 * Disqualified officers on the demo register, the way real ones arrive: natural disqualification resources
 * written in Companies House's published JSON (the fields of /disqualified-officers/natural/{officer_id}) and read
 * by the same importer as the REST API and the stream. Three current directors of active companies, picked in
 * company number order (every 7th such company from the 3rd, so the picks stay apart from one another and do not
 * follow the generator's other examples in lockstep), each show one KYB outcome:
 * - serving: the director's own officer id, an undertaking in force on the day -> disqualified_director (fail);
 * - ended: the director's own officer id, an order that ended years ago -> disqualification_to_review (refer);
 * - possible: another officer id with the director's name and month and year of birth, in force
 *   -> disqualification_to_review (refer, possible_link).
 */

type DemoCase = 'serving' | 'ended' | 'possible';
const CASES: readonly DemoCase[] = ['serving', 'ended', 'possible'];

interface Pick {
  demoCase: DemoCase;
  appointment: OfficerAppointment;
  companyName: string;
  resource: Record<string, unknown>;
}

function nameParts(name: string): { surname: string; forename: string | undefined } {
  const [surname, ...rest] = name.split(',').map((part) => part.trim());
  return { surname: surname ?? name, forename: rest.filter((part) => part !== '').join(' ') || undefined };
}

function resourceOf(demoCase: DemoCase, appointment: OfficerAppointment, companyName: string, day: string) {
  const officerId =
    demoCase === 'possible' ? `dq${appointment.officerId}`.slice(0, 40) : appointment.officerId;
  const { surname, forename } = nameParts(appointment.name);
  const from = demoCase === 'ended' ? addDays(day, -3650) : addDays(day, -400);
  const until = demoCase === 'ended' ? addDays(day, -1820) : addDays(from, 365 * 6);
  const birthMonth = String(appointment.birthMonth ?? 1).padStart(2, '0');
  return {
    officerId,
    json: {
      kind: 'natural-disqualification',
      etag: `demo-${officerId}`,
      links: { self: `/disqualified-officers/natural/${officerId}` },
      surname,
      ...(forename ? { forename } : {}),
      ...(appointment.birthYear ? { date_of_birth: `${appointment.birthYear}-${birthMonth}-01` } : {}),
      nationality: appointment.nationality ?? 'British',
      disqualifications: [
        {
          disqualification_type: demoCase === 'ended' ? 'court-order' : 'undertaking',
          disqualified_from: from,
          disqualified_until: until,
          ...(demoCase === 'ended'
            ? { heard_on: addDays(from, -21), court_name: 'High Court of Justice' }
            : { undertaken_on: addDays(from, -21) }),
          case_identifier: `DEMO-${officerId.slice(0, 8).toUpperCase()}`,
          company_names: [`${companyName.replace(/ (LIMITED|LTD|PLC|LLP)$/, '')} TRADING LIMITED`],
          reason: {
            act: 'company-directors-disqualification-act-1986',
            section: demoCase === 'ended' ? '6' : '7',
            description_identifier:
              demoCase === 'ended'
                ? 'order-unfit-director-of-insolvent-company'
                : 'undertaking-unfit-director-of-insolvent-company',
          },
        },
      ],
    },
  };
}

async function pickDirectors(
  em: EntityManager,
): Promise<{ appointment: OfficerAppointment; companyName: string }[]> {
  const directors = await em.find(
    OfficerAppointmentEntity,
    { resignedOn: null, officerRole: 'director', birthYear: { $ne: null } },
    { orderBy: { companyNumber: 'asc', appointmentId: 'asc' }, disableIdentityMap: true },
  );
  const active = new Map(
    (
      await em.find(
        CompanyEntity,
        {
          companyNumber: { $in: [...new Set(directors.map((row) => row.companyNumber))] },
          companyStatus: 'active',
        },
        { fields: ['companyNumber', 'companyName'], disableIdentityMap: true },
      )
    ).map((company) => [company.companyNumber, company.companyName]),
  );
  const firstPerCompany = new Map<string, OfficerAppointment>();
  for (const row of directors)
    if (active.has(row.companyNumber) && !firstPerCompany.has(row.companyNumber))
      firstPerCompany.set(row.companyNumber, row);
  const companies = [...firstPerCompany.values()];
  return CASES.flatMap((_, index) => {
    const appointment = companies[2 + index * 7];
    return appointment ? [{ appointment, companyName: active.get(appointment.companyNumber)! }] : [];
  });
}

/**
 * Writes the demo's disqualified-officer resources under `dir` and imports each through the importer; the lines
 * the start-up log gives under disqualified_directors, one per company.
 */
export async function seedDemoDisqualifiedOfficers(
  em: EntityManager,
  dir: string,
  asOf: Date,
): Promise<string[]> {
  const day = asOf.toISOString().slice(0, 10);
  const folder = join(dir, 'disqualified-officers', 'natural');
  await mkdir(folder, { recursive: true });
  const picks: Pick[] = [];
  for (const [index, { appointment, companyName }] of (await pickDirectors(em)).entries()) {
    const demoCase = CASES[index]!;
    const { officerId, json } = resourceOf(demoCase, appointment, companyName, day);
    const path = join(folder, `${officerId}.json`);
    await writeFile(path, JSON.stringify(json, null, 2));
    await importDisqualifiedOfficerJson(em, await readResourceFile(path), {
      source: path,
      origin: 'file',
      expected: { kind: 'natural', officerId },
      now: asOf,
    });
    picks.push({ demoCase, appointment, companyName, resource: json });
  }
  return picks.map(({ demoCase, appointment, companyName, resource }) => {
    const [item] = resource.disqualifications as {
      disqualification_type: string;
      disqualified_from: string;
      disqualified_until: string;
    }[];
    const outcome =
      demoCase === 'serving'
        ? 'disqualified_director (fail)'
        : `disqualification_to_review (refer, ${demoCase === 'ended' ? 'ended' : 'possible link by name and birth month'})`;
    return (
      `${appointment.companyNumber} ${companyName}: director ${appointment.name}, ` +
      `${item!.disqualification_type} ${item!.disqualified_from} to ${item!.disqualified_until}: ${outcome}`
    );
  });
}
