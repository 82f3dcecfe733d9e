import { scoreCompaniesHealth } from '../health/score-company';
import { chosenSanctionsLists } from '../sanctions/account-sanctions-lists';
import { screenCompanySanctions } from '../sanctions/screening/screen-company';
import type { KybSources, ScreenSanctions } from './kyb-sources';
import { levenshteinSimilarity } from './stated-name';
import { traceStoredOwnership } from '../ownership/store-ownership';

/**
 * screen_sanctions' own screen, with its defaults: the company's name and previous names, current officers and
 * active PSCs (not resigned or ceased ones: a KYB check is about who runs and owns the company now), and the
 * owners its ownership trace reached above those PSCs.
 */
const screenSanctions: ScreenSanctions = async (em, companyNumber, { asOf, accountId, deadline, owners }) => {
  const screen = await screenCompanySanctions(em, companyNumber, {
    includeResigned: false,
    now: asOf,
    lists: (await chosenSanctionsLists(em, accountId)) ?? undefined,
    deadline,
    owners,
  });
  return {
    list_versions: screen.lists.map(({ list, version_id, published_on }) => ({
      list,
      id: version_id,
      published_on,
    })),
    lists_not_screened: screen.lists_not_screened,
    screened: screen.screened,
    potential_matches: screen.potential_matches,
  };
};

/** The sources a KYB check uses in the service; tests give their own (kyb-sources.ts). */
export const defaultKybSources: KybSources = {
  screenSanctions,
  scoreHealth: async (em, companyNumber, asOfDay) =>
    (await scoreCompaniesHealth(em, [companyNumber], asOfDay))[0] ?? null,
  similarity: levenshteinSimilarity,
  traceOwnership: (em, companyNumber, day) => traceStoredOwnership(em, companyNumber, { day }),
};
