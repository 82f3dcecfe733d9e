import type { ChangeDraft } from '../../src/domain/changes/company-changes';

/*
 * Changes to companies of test/fixtures/companies/basic-company-data-sample.csv, as the change feed records them:
 * shared by the alert tests of the API and of the web pages, which seed the same alerts.
 */

export const nameChange: ChangeDraft = {
  companyNumber: '09876543',
  change: 'updated',
  field: 'company_name',
  alertType: 'name_change',
  oldValue: 'ACORN LEAF CONSULTING LTD',
  newValue: 'ACORN LEAF ADVISORY LTD',
};

export const chargeRegistered: ChangeDraft = {
  companyNumber: '01234567',
  change: 'updated',
  field: 'charges',
  alertType: 'charge_registered',
  oldValue: { total: 5, outstanding: 1, part_satisfied: 0, satisfied: 4 },
  newValue: { total: 6, outstanding: 2, part_satisfied: 0, satisfied: 4 },
};

export const accountsFiled: ChangeDraft = {
  companyNumber: 'SC412345',
  change: 'updated',
  field: 'last_accounts',
  alertType: 'accounts_filed',
  oldValue: { made_up_to: '2023-12-31', type: 'total-exemption-full' },
  newValue: { made_up_to: '2024-12-31', type: 'total-exemption-full' },
};
