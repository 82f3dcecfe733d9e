import type { EntityManager } from '@mikro-orm/core';
import type { CompanySummary } from '../companies/company-summary';
import { normaliseCompanyName } from '../companies/company-name';
import { searchCompanies } from '../companies/search-companies';
import { kybReason } from './reason-builders';
import type { RuleFinding } from './rules/kyb-rule';
import { compareNames, type NameSimilarity } from './stated-name';

/** Enough to hold every company of one name (the register reuses names of dissolved companies) and the nearest. */
const SEARCH_LIMIT = 25;
const NEAREST_SHOWN = 5;

export interface CompanyResolution {
  /** The company to check; null when none could be identified (the finding says why). */
  companyNumber: string | null;
  finding: RuleFinding;
}

function candidate(summary: CompanySummary) {
  return {
    company_number: summary.company_number,
    company_name: summary.company_name,
    company_status: summary.company_status,
    date_of_creation: summary.date_of_creation,
  };
}

/** The finding when the register has no company with the number given. */
export function companyNotFound(companyNumber: string): RuleFinding {
  return {
    reasons: [
      kybReason('company_not_found', `No company on the register has the number ${companyNumber}.`, {
        company_number: companyNumber,
      }),
    ],
    detail: `Company number ${companyNumber} is not on the register.`,
  };
}

/**
 * The company a check is about. A number given is taken as it is (loadCompanyFacts finds whether it exists). Without one, the stated name is put
 * to the register search, and only a single company whose registered name is the stated name after normalisation
 * (compareNames: a legal form may be left off) is taken; several, or none, stop the check with the candidates
 * listed. The check never picks the likeliest company: that is for the customer to say with a number.
 */
export async function resolveCompany(
  em: EntityManager,
  statedName: string,
  companyNumber: string | null,
  similarity: NameSimilarity,
): Promise<CompanyResolution> {
  if (companyNumber !== null)
    return {
      companyNumber,
      finding: { reasons: [], detail: `Company number ${companyNumber} is on the register.` },
    };

  const { items } = await searchCompanies(em, { q: statedName, limit: SEARCH_LIMIT, offset: 0 });
  const named = items.filter((item) => compareNames(statedName, item.company_name, similarity).same);
  if (named.length === 1) {
    const [only] = named;
    return {
      companyNumber: only!.company_number,
      finding: {
        reasons: [],
        detail: `Identified by the stated name: ${only!.company_name} (${only!.company_number}) is the only company with that name.`,
      },
    };
  }
  if (named.length > 1) {
    return {
      companyNumber: null,
      finding: {
        reasons: [
          kybReason(
            'ambiguous_name',
            `${named.length} companies have the stated name; give the company number to check one of them.`,
            { stated_name: statedName, candidates: named.map(candidate) },
          ),
        ],
        detail: `The stated name is shared by ${named.length} companies.`,
      },
    };
  }
  const nearest = items.slice(0, NEAREST_SHOWN).map(candidate);
  return {
    companyNumber: null,
    finding: {
      reasons: [
        kybReason(
          'name_not_found',
          nearest.length === 0
            ? 'No company on the register has the stated name, and the register search found no similar name.'
            : `No company on the register has the stated name; the nearest names are listed. Give the company number to check one of them.`,
          { stated_name: statedName, normalised_name: normaliseCompanyName(statedName), candidates: nearest },
        ),
      ],
      detail: 'No company has the stated name.',
    },
  };
}
