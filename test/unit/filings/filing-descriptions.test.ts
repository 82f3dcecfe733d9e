import { describeFiling, hasFilingWording } from '../../../src/domain/filings/filing-descriptions';

describe('describeFiling: Companies House description keys in plain English', () => {
  it.each([
    [
      'accounts-with-accounts-type-full',
      { made_up_date: '2025-03-31' },
      'Full accounts made up to 2025-03-31',
    ],
    [
      'accounts-with-accounts-type-micro-entity',
      { made_up_date: '2023-11-30' },
      'Micro-entity accounts made up to 2023-11-30',
    ],
    [
      'confirmation-statement-with-no-updates',
      { made_up_date: '2023-11-14' },
      'Confirmation statement made on 2023-11-14, no changes to report',
    ],
    [
      'change-registered-office-address-company-with-date-old-address-new-address',
      { old_address: '27 Old Street, London', new_address: '1 City Road, London', change_date: '2026-11-01' },
      'Registered office moved from 27 Old Street, London to 1 City Road, London on 2026-11-01',
    ],
    [
      'appoint-person-director-company-with-name-date',
      { officer_name: 'Ms Priya Sharma', appointment_date: '2019-04-01' },
      'Ms Priya Sharma appointed as a director on 2019-04-01',
    ],
    [
      'termination-director-company-with-name-termination-date',
      { officer_name: 'Mr Tom Hale', termination_date: '2024-11-01' },
      'Mr Tom Hale ceased to be a director on 2024-11-01',
    ],
    [
      'mortgage-create-with-deed-with-charge-number-charge-creation-date',
      { charge_number: 'SC4123450002', charge_creation_date: '2019-05-14' },
      'Charge SC4123450002 registered, created on 2019-05-14',
    ],
    ['incorporation-company', {}, 'Company incorporated'],
    ['legacy', { description: "Auditor's letter of resignation" }, "Auditor's letter of resignation"],
  ])('%s', (code, values, expected) => {
    expect(hasFilingWording(code)).toBe(true);
    expect(describeFiling(code, values)).toBe(expected);
  });

  it('says "(not stated)" for a placeholder whose value is missing or not text', () => {
    expect(describeFiling('accounts-with-accounts-type-small', {})).toBe(
      'Small company accounts made up to (not stated)',
    );
    expect(describeFiling('capital-allotment-shares', { date: ['2020-01-01'] })).toBe(
      'Shares allotted; statement of capital on (not stated)',
    );
  });

  it('reads an unknown key as its words and its values, never failing', () => {
    expect(hasFilingWording('second-filing-of-director-appointment-with-name')).toBe(false);
    expect(
      describeFiling('second-filing-of-director-appointment-with-name', { officer_name: 'Ms Priya Sharma' }),
    ).toBe('Second filing of director appointment (officer name: Ms Priya Sharma)');
    expect(
      describeFiling('liquidation-voluntary-statement-of-receipts-and-payments-with-brought-down-date', {
        brought_down_date: '2025-01-31',
        capital: [{ figure: '1' }],
      }),
    ).toBe('Liquidation voluntary statement of receipts and payments (brought down date: 2025-01-31)');
    expect(describeFiling('some-future-key')).toBe('Some future key');
    expect(describeFiling('')).toBe('Filing');
    expect(describeFiling('legacy', {})).toBe('Filing');
  });
});
