import { EntitySchema } from '@mikro-orm/core';

/**
 * One period of an exemption from Companies House's company exemptions resource: the exemption's key there
 * (psc_exempt_as_trading_on_uk_regulated_market, disclosure_transparency_rules_chapter_five_applies, …), from when
 * and, once it ended, to when (YYYY-MM-DD).
 */
export interface CompanyExemption {
  companyNumber: string;
  exemptionType: string;
  exemptFrom: string;
  exemptTo: string | null;
}

export const CompanyExemptionEntity = new EntitySchema<CompanyExemption>({
  name: 'CompanyExemption',
  tableName: 'company_exemptions',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    exemptionType: { type: 'string', primary: true, fieldName: 'exemption_type' },
    exemptFrom: { type: 'string', primary: true, fieldName: 'exempt_from' },
    exemptTo: { type: 'string', nullable: true, fieldName: 'exempt_to' },
  },
});
