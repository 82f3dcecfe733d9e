/** The KYB pages' paths: the list of checks, the form, one check's record and its two downloads. */
export const KYB_PATH = '/app/kyb';
export const KYB_NEW_PATH = '/app/kyb/new';

export function kybCheckPath(id: string): string {
  return `${KYB_PATH}/${encodeURIComponent(id)}`;
}

export const kybPdfPath = (id: string) => `${kybCheckPath(id)}/record.pdf`;
export const kybJsonPath = (id: string) => `${kybCheckPath(id)}/record.json`;

/** The form's link from a company page: the number and the registered name filled in, the name to be checked. */
export function newKybCheckPath(company?: { number: string; name: string }): string {
  if (!company) return KYB_NEW_PATH;
  const query = new URLSearchParams({ company_number: company.number, stated_company_name: company.name });
  return `${KYB_NEW_PATH}?${query.toString()}`;
}
