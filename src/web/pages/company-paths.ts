/** The company page's path; list rows and search results link here too. */
export const COMPANIES_PATH = '/app/companies';

export function companyPath(companyNumber: string): string {
  return `${COMPANIES_PATH}/${encodeURIComponent(companyNumber)}`;
}
