import { pscCategoryOf, type PscCategory } from '../pscs/psc-kinds';
import { namesUkRegister, ukCompanyNumberOf } from '../pscs/registered-company';
import type { OwnerEntry, OwnershipNode, ReadOwnershipNode } from './ownership-node';
import {
  DEFAULT_OWNERSHIP_DEPTH,
  TRACED_ENDS,
  type ChainEnd,
  type OwnershipChain,
  type OwnershipLink,
  type OwnershipTrace,
  type UltimateOwner,
} from './ownership-trace';
import { indirectShare, overQuarter, shareBandOf } from './share-band';

/*
 * Owners traced to people: from a company, each active PSC is followed. A natural person ends the chain (the
 * beneficial owner sought); a corporate PSC whose identification gives a UK registration number leads to that
 * company's own register of PSCs, and so on up. Everything else is a named stop: an owner registered abroad, a
 * company the store does not hold, a company naming nobody, a listed company (exempt: the market's disclosure
 * rules stand in for the register), a cycle, the depth limit. Each company is read once per chain, so a cycle
 * ends the chain where it would repeat.
 */

const PEOPLE: ReadonlySet<PscCategory> = new Set(['individual', 'individual_beneficial_owner']);
const CORPORATE: ReadonlySet<PscCategory> = new Set([
  'corporate_entity',
  'corporate_entity_beneficial_owner',
]);
const LEGAL: ReadonlySet<PscCategory> = new Set(['legal_entity', 'legal_entity_beneficial_owner']);

interface Stop {
  end: ChainEnd;
  end_description: string;
  end_company?: OwnershipChain['end_company'];
}

const ownerName = (owner: OwnerEntry) => owner.name ?? 'an unnamed owner';

function linkOf(node: OwnershipNode, owner: OwnerEntry, ownerNumber: string | null): OwnershipLink {
  return {
    company_number: node.company_number,
    company_name: node.company_name,
    company_status: node.company_status,
    psc_id: owner.psc_id,
    owner_name: owner.name,
    owner_date_of_birth: owner.date_of_birth,
    owner_category: pscCategoryOf(owner.kind),
    owner_company_number: ownerNumber,
    share: shareBandOf(owner.natures_of_control),
  };
}

/** Where a chain stops at an owner that is not a company to follow, or null when it is one. */
function stopAtOwner(owner: OwnerEntry, ownerNumber: string | null): Stop | null {
  const category = pscCategoryOf(owner.kind);
  if (PEOPLE.has(category))
    return { end: 'natural_person', end_description: `natural person: ${ownerName(owner)}` };
  if (category === 'super_secure' || category === 'super_secure_beneficial_owner')
    return { end: 'details_withheld', end_description: 'a super-secure person: the register withholds who' };
  if (LEGAL.has(category)) {
    const form = owner.identification?.legal_form;
    return {
      end: 'legal_person',
      end_description: `a legal person that is not a company to follow: ${ownerName(owner)}${form ? ` (${form})` : ''}`,
    };
  }
  if (!CORPORATE.has(category))
    return {
      end: 'owner_not_registered',
      end_description: `an owner of kind ${owner.kind}: ${ownerName(owner)}`,
    };
  if (ownerNumber !== null) return null;
  const country = owner.identification?.country_registered ?? owner.identification?.place_registered;
  const abroad = country != null && !namesUkRegister(country);
  return abroad
    ? {
        end: 'owner_outside_uk',
        end_description: `owner registered outside the UK: ${ownerName(owner)}, ${country}`,
      }
    : {
        end: 'owner_not_registered',
        end_description: `owner with no UK company registration number: ${ownerName(owner)}`,
      };
}

/** Where a chain stops at a company reached, or null to go on to its owners. */
function stopAtCompany(node: OwnershipNode): Stop | null {
  const named = `${node.company_name} (${node.company_number})`;
  if (node.exemption !== null)
    return {
      end: 'listed_company',
      end_description: `${named} is exempt from keeping a register of PSCs (${node.exemption.exemption_type}, from ${node.exemption.exempt_from})`,
    };
  if (node.owners === null)
    return { end: 'pscs_not_held', end_description: `the register of PSCs of ${named} is not held` };
  if (node.owners.length === 0)
    return {
      end: 'no_person_registered',
      end_description:
        `${named} names no active person with significant control` +
        (node.statements.length > 0 ? `; it states: ${node.statements.join(', ')}` : ''),
    };
  return null;
}

export interface TraceOptions {
  maxDepth?: number;
}

/**
 * Traces `root`'s owners. The root's own exemption and empty register are the control check's concern: the
 * chains start at its active PSCs (none: no chains).
 */
export async function traceOwnership(
  root: OwnershipNode,
  read: ReadOwnershipNode,
  options: TraceOptions = {},
): Promise<OwnershipTrace> {
  const maxDepth = options.maxDepth ?? DEFAULT_OWNERSHIP_DEPTH;
  const chains: OwnershipChain[] = [];
  const finish = (links: OwnershipLink[], { end_company = null, ...stop }: Stop) =>
    chains.push({
      links,
      ...stop,
      end_company,
      indirect_share: indirectShare(links.map((link) => link.share)),
    });

  const walk = async (node: OwnershipNode, links: OwnershipLink[], path: readonly string[]) => {
    for (const owner of node.owners ?? []) {
      const ownerNumber = CORPORATE.has(pscCategoryOf(owner.kind))
        ? ukCompanyNumberOf(owner.identification)
        : null;
      const chain = [...links, linkOf(node, owner, ownerNumber)];
      const atOwner = stopAtOwner(owner, ownerNumber);
      if (atOwner !== null) {
        finish(chain, atOwner);
        continue;
      }
      if (ownerNumber === null)
        throw new Error('stopAtOwner lets through only a corporate owner with a number');
      if (path.includes(ownerNumber)) {
        finish(chain, {
          end: 'cycle',
          end_description: `cycle: ${ownerName(owner)} (${ownerNumber}) is already on this chain (${[...path, ownerNumber].join(' → ')})`,
        });
        continue;
      }
      if (path.length - 1 >= maxDepth) {
        finish(chain, {
          end: 'depth_limit',
          end_description: `depth limit: ${maxDepth} companies above ${root.company_number} followed; ${ownerName(owner)} (${ownerNumber}) not read`,
        });
        continue;
      }
      const next = await read(ownerNumber);
      if (next === null) {
        finish(chain, {
          end: 'company_not_held',
          end_description: `company not held: ${ownerName(owner)} (${ownerNumber})`,
        });
        continue;
      }
      const atCompany = stopAtCompany(next);
      if (atCompany !== null)
        finish(chain, {
          ...atCompany,
          end_company: {
            company_number: next.company_number,
            company_name: next.company_name,
            company_status: next.company_status,
          },
        });
      else await walk(next, chain, [...path, ownerNumber]);
    }
  };
  await walk(root, [], [root.company_number]);

  const ultimate = ultimateOwners(chains);
  return {
    company_number: root.company_number,
    psc_exemption: root.exemption,
    max_depth: maxDepth,
    chains,
    ultimate_owners: ultimate,
    natural_person_reached: ultimate.length > 0,
    stops: chains.filter((chain) => !TRACED_ENDS.has(chain.end)).map((chain) => chain.end_description),
  };
}

/** The natural persons at the chains' ends, one per name and birth month, their shares summed over chains. */
function ultimateOwners(chains: readonly OwnershipChain[]): UltimateOwner[] {
  const byPerson = new Map<string, UltimateOwner>();
  chains.forEach((chain, index) => {
    if (chain.end !== 'natural_person') return;
    const entry = chain.links[chain.links.length - 1]!;
    const birth = entry.owner_date_of_birth;
    const key = JSON.stringify([entry.owner_name, birth]);
    const held = byPerson.get(key);
    const lower = (held?.indirect_share.lower ?? 0) + chain.indirect_share.lower;
    const upper = Math.min(100, (held?.indirect_share.upper ?? 0) + chain.indirect_share.upper);
    const bounds = { lower: Math.min(lower, 100), upper };
    byPerson.set(key, {
      name: entry.owner_name,
      date_of_birth: birth,
      indirect_share: bounds,
      over_25_percent: overQuarter(bounds),
      chains: [...(held?.chains ?? []), index],
    });
  });
  return [...byPerson.values()].sort(
    (a, b) => b.indirect_share.upper - a.indirect_share.upper || (a.name ?? '').localeCompare(b.name ?? ''),
  );
}
