import type { OwnershipChain, OwnershipTrace } from '../../ownership/ownership-trace';
import { dataMissing, kybReason } from '../reason-builders';
import type { KybReason } from '../kyb-result';
import { officialsInWords, seniorManagingOfficials } from '../senior-managing-officials';
import type { KybRule } from './kyb-rule';

/**
 * An active person (or entity) with significant control passes, once its owners are traced: a chain that reaches
 * no natural person (nor a listed company, whose market's disclosure rules stand in for the register) anywhere
 * refers, naming the senior managing officials as the fallback; a chain through a dissolved company refers (a
 * dissolved company owns nothing: the register is out of date, and who holds the shares now is unknown). With no
 * active PSC, a PSC exemption in force passes; else the company's active statements are what it told the register
 * instead (refer, with them); with neither, the register names nobody (refer). With no PSC data ever imported for
 * the company, the check cannot run.
 */

const CLOSED = new Set(['dissolved', 'converted-closed', 'removed', 'closed']);

function pathText(chain: OwnershipChain, upTo: number): string {
  return chain.links
    .slice(0, upTo + 1)
    .map((link) => `${link.company_name} (${link.company_number})`)
    .join(' → ');
}

/** Every closed company on a chain above the company checked, with the path to it. */
function closedOnChains(trace: OwnershipTrace) {
  const found = new Map<
    string,
    { company_number: string; company_name: string; company_status: string; path: string }
  >();
  for (const chain of trace.chains) {
    chain.links.forEach((link, index) => {
      if (index > 0 && CLOSED.has(link.company_status) && !found.has(link.company_number))
        found.set(link.company_number, { ...pick(link), path: pathText(chain, index) });
    });
    const end = chain.end_company;
    if (end !== null && CLOSED.has(end.company_status) && !found.has(end.company_number))
      found.set(end.company_number, {
        ...end,
        path: `${pathText(chain, chain.links.length - 1)} → ${end.company_name} (${end.company_number})`,
      });
  }
  return [...found.values()];
}

const pick = ({ company_number, company_name, company_status }: OwnershipChain['links'][number]) => ({
  company_number,
  company_name,
  company_status,
});

function ownershipReasons(
  trace: OwnershipTrace,
  officials: ReturnType<typeof seniorManagingOfficials>,
): KybReason[] {
  const reasons: KybReason[] = [];
  const closed = closedOnChains(trace);
  if (closed.length > 0)
    reasons.push(
      kybReason(
        'ownership_chain_dissolved',
        `The ownership chain runs through a closed company: ${closed.map((c) => `${c.path} (${c.company_status})`).join('; ')}.`,
        { companies: closed },
      ),
    );
  const traced = trace.natural_person_reached || trace.chains.some((chain) => chain.end === 'listed_company');
  if (!traced)
    reasons.push(
      kybReason(
        'no_natural_person_reached',
        `No chain of ownership reaches a natural person: ${trace.stops.join('; ')}. ${officialsInWords(officials)}.`,
        {
          stops: trace.stops,
          chains: trace.chains,
          max_depth: trace.max_depth,
          senior_managing_officials: officials,
        },
      ),
    );
  return reasons;
}

function ownersInWords(trace: OwnershipTrace | null): string {
  if (trace === null || trace.ultimate_owners.length === 0) return '';
  const owners = trace.ultimate_owners.map(
    (owner) =>
      `${owner.name ?? 'unnamed'} (${owner.indirect_share.lower}–${owner.indirect_share.upper} %, over 25 %: ${owner.over_25_percent})`,
  );
  return ` Ultimate owners: ${owners.join('; ')}.`;
}

export const controlRule: KybRule = {
  check: 'control',
  apply({ pscs, ownership, officers }) {
    if (pscs === null) {
      return {
        reasons: [
          dataMissing(
            'control',
            'register of persons with significant control',
            'No persons with significant control data has been imported for the company.',
          ),
        ],
        detail: 'No PSC data held.',
      };
    }
    const statements = pscs.statements.filter((statement) => statement.is_active);
    const counts = { active_count: pscs.active_count, ceased_count: pscs.ceased_count };
    const officials = seniorManagingOfficials(officers);
    if (pscs.active_count > 0) {
      const reasons = ownership === null ? [] : ownershipReasons(ownership, officials);
      return {
        reasons,
        detail:
          `${pscs.active_count} active person(s) with significant control; ${statements.length} active statement(s).` +
          (ownership === null
            ? ''
            : ` ${ownership.chains.length} ownership chain(s) traced.${ownersInWords(ownership)}`),
      };
    }
    const exemption = ownership?.psc_exemption ?? null;
    if (exemption !== null) {
      return {
        reasons: [
          kybReason(
            'psc_exempt_listed_company',
            `The company is exempt from keeping a register of persons with significant control: ${exemption.description} (${exemption.exemption_type}, from ${exemption.exempt_from}).`,
            { ...counts, exemption },
          ),
        ],
        detail: 'Exempt from the PSC regime: its market’s disclosure rules apply instead.',
      };
    }
    if (statements.length > 0) {
      return {
        reasons: [
          kybReason(
            'psc_statements_only',
            `No active person with significant control; the company states instead: ` +
              `${statements.map((statement) => statement.description).join('; ')}. ${officialsInWords(officials)}.`,
            {
              ...counts,
              statements: statements.map(({ statement, description, notified_on }) => ({
                statement,
                description,
                notified_on,
              })),
              senior_managing_officials: officials,
            },
          ),
        ],
        detail: 'Statements only, no active person with significant control.',
      };
    }
    return {
      reasons: [
        kybReason(
          'no_psc_identified',
          'The register names no active person with significant control and holds no statement explaining why. ' +
            `${officialsInWords(officials)}.`,
          { ...counts, senior_managing_officials: officials },
        ),
      ],
      detail: 'No active person with significant control and no statement.',
    };
  },
};
