import type { ExtraSubject } from '../sanctions/screening/screening-subjects';
import type { OwnershipLink, OwnershipTrace } from './ownership-trace';

/*
 * Everyone the ownership trace reached above the company's own PSCs, as sanctions screening subjects: the
 * company's PSCs are screened already (role psc), so each chain adds the owners of its second link onwards, people
 * and companies alike, each with the path that led to it. An owner reached by two chains is screened once, under
 * the first path.
 */

const PEOPLE = new Set(['individual', 'individual_beneficial_owner']);

function pathTo(links: readonly OwnershipLink[], upTo: number): string {
  const steps = links.slice(0, upTo + 1).map((link) => `${link.company_name} (${link.company_number})`);
  return [...steps, links[upTo]!.owner_name ?? 'unnamed'].join(' → ');
}

export function ownerSubjects(trace: OwnershipTrace | null): ExtraSubject[] {
  const subjects = new Map<string, ExtraSubject>();
  for (const chain of trace?.chains ?? [])
    chain.links.forEach((link, index) => {
      if (index === 0 || link.owner_name === null) return;
      const person = PEOPLE.has(link.owner_category);
      const key = JSON.stringify([
        person,
        link.owner_name,
        link.owner_company_number,
        link.owner_date_of_birth,
      ]);
      if (subjects.has(key)) return;
      const number = link.owner_company_number;
      subjects.set(key, {
        kind: person ? 'person' : 'entity',
        role: 'owner',
        name: link.owner_name,
        birth: person && link.owner_date_of_birth !== null ? link.owner_date_of_birth : null,
        nationality: null,
        countryOfResidence: null,
        ...(person || number === null
          ? {}
          : { identifiers: [{ scheme: 'gb-coh' as const, value: number, as_written: number }] }),
        detail: {
          path: pathTo(chain.links, index),
          psc_id: link.psc_id,
          owned_company_number: link.company_number,
        },
      });
    });
  return [...subjects.values()];
}
