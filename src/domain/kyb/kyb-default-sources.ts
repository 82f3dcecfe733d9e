import { scoreCompaniesHealth } from '../health/score-company';
import { screenCompanySanctions } from '../sanctions/screening/screen-company';
import type { KybSources, ScreenSanctions } from './kyb-sources';
import { levenshteinSimilarity } from './stated-name';

/**
 * screen_sanctions' own screen, with its defaults: the company's name and previous names, current officers and
 * active PSCs (not resigned or ceased ones: a KYB check is about who runs and owns the company now).
 */
const screenSanctions: ScreenSanctions = async (em, companyNumber, { asOf, deadline }) => {
  const screen = await screenCompanySanctions(em, companyNumber, {
    includeResigned: false,
    now: asOf,
    deadline,
  });
  return {
    list_version: screen.list && { id: screen.list.version_id, report_date: screen.list.report_date },
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
};
