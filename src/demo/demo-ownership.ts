import type { EntityManager } from '@mikro-orm/core';
import { traceStoredOwnership } from '../domain/ownership/store-ownership';
import type { PscIdentification } from '../domain/pscs/psc-item';
import { ukCompanyNumberOf } from '../domain/pscs/registered-company';

const SHOWN = 5;

/**
 * Where the demo data shows owners traced to people (a chain through two companies to a natural person) and a
 * listed company exempt from the PSC regime, in words, for the start-up log: run_kyb_check passes the first's
 * control check naming the owner, and the second's with psc_exempt_listed_company instead of no_psc_identified.
 */
export async function demoOwnership(
  em: EntityManager,
  day: string,
): Promise<{ ownership_two_level_chain: string[]; psc_exempt_listed_company: string[] }> {
  const connection = em.getConnection();
  // Only a company whose corporate owner is itself owned by a company can hold a chain two companies high: the
  // others are not traced (a demo register can be large).
  const owned: { company_number: string; identification: string | null }[] = await connection.execute(
    'select company_number, identification from persons_with_significant_control ' +
      "where kind = 'corporate-entity-person-with-significant-control' and ceased_on is null " +
      'order by company_number',
  );
  const ownedNumbers = new Set(owned.map((row) => row.company_number));
  const candidates = [
    ...new Set(
      owned
        .filter((row) => {
          const owner = ukCompanyNumberOf(
            row.identification === null ? null : (JSON.parse(row.identification) as PscIdentification),
          );
          return owner !== null && ownedNumbers.has(owner);
        })
        .map((row) => row.company_number),
    ),
  ];
  const chains: string[] = [];
  for (const company_number of candidates) {
    if (chains.length >= SHOWN) break;
    const trace = await traceStoredOwnership(em, company_number, { day });
    const chain = trace?.chains.find((c) => c.end === 'natural_person' && c.links.length >= 3);
    if (chain === undefined) continue;
    const path = [
      ...chain.links.map((link) => `${link.company_name} (${link.company_number})`),
      chain.links[chain.links.length - 1]!.owner_name ?? 'unnamed',
    ].join(' → ');
    chains.push(`${path}: ${chain.indirect_share.lower}–${chain.indirect_share.upper} % held indirectly`);
  }
  const listed: { company_number: string; company_name: string; exemption_type: string }[] =
    await connection.execute(
      'select e.company_number, c.company_name, e.exemption_type from company_exemptions e ' +
        'join companies c on c.company_number = e.company_number where e.exempt_to is null ' +
        'order by e.company_number limit ?',
      [SHOWN],
    );
  return {
    ownership_two_level_chain: chains,
    psc_exempt_listed_company: listed.map(
      (row) => `${row.company_number} ${row.company_name}: ${row.exemption_type}`,
    ),
  };
}
