import {
  COMPANY_NUMBER_PREFIXES,
  companyNumberInputSchema,
  companyNumberSchema,
  normaliseCompanyNumber,
  registerOfCompanyNumber,
} from '../../../src/domain/companies/company-number';

describe('normaliseCompanyNumber', () => {
  it.each([
    ['00123456', '00123456'],
    ['123456', '00123456'],
    ['1', '00000001'],
    ['  9876543 ', '09876543'],
    ['SC123456', 'SC123456'],
    [' sc123456 ', 'SC123456'],
    ['oc301234', 'OC301234'],
    ['Ni012345', 'NI012345'],
    ['R0000123', 'R0000123'],
    ['OE001234', 'OE001234'],
    ['so305678', 'SO305678'],
    ['lp012345', 'LP012345'],
    ['fc031234', 'FC031234'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseCompanyNumber(input)).toEqual({ ok: true, companyNumber: expected });
  });

  it.each([
    [''],
    ['   '],
    ['123456789'],
    ['SC12345'], // a prefixed number is never padded
    ['SC1234567'],
    ['XX123456'], // not a Companies House prefix
    ['RO123456'], // letter O: the real prefix is R0 (zero)
    ['PC123456'],
    ['12345A78'],
    ['SC 123456'],
    ['-1234567'],
    ['１２３４５６７８'], // full-width digits
    ['SC12345６'],
  ])('%j is invalid_company_number', (input) => {
    const result = normaliseCompanyNumber(input);
    expect(result).toMatchObject({ ok: false, code: 'invalid_company_number' });
    if (!result.ok) expect(result.message).toContain(JSON.stringify(input));
  });

  it('accepts every documented prefix followed by six digits', () => {
    for (const prefix of Object.keys(COMPANY_NUMBER_PREFIXES)) {
      expect(normaliseCompanyNumber(`${prefix.toLowerCase()}123456`)).toEqual({
        ok: true,
        companyNumber: `${prefix}123456`,
      });
    }
  });
});

describe('companyNumberSchema', () => {
  it('accepts only the canonical stored form', () => {
    expect(companyNumberSchema.safeParse('00123456').success).toBe(true);
    expect(companyNumberSchema.safeParse('SC123456').success).toBe(true);
    expect(companyNumberSchema.safeParse('123456').success).toBe(false);
    expect(companyNumberSchema.safeParse('sc123456').success).toBe(false);
    expect(companyNumberSchema.safeParse('SC1234567').success).toBe(false);
  });
});

describe('companyNumberInputSchema', () => {
  it('normalises what a caller typed', () => {
    expect(companyNumberInputSchema.parse(' sc123456')).toBe('SC123456');
    expect(companyNumberInputSchema.parse('123456')).toBe('00123456');
  });

  it('reports a bad number as an issue carrying the error code', () => {
    const result = companyNumberInputSchema.safeParse('XX1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: expect.stringContaining('"XX1" is not a company number'),
      params: { code: 'invalid_company_number' },
    });
  });
});

describe('registerOfCompanyNumber', () => {
  it.each([
    ['01234567', 'england-wales'],
    ['OC301234', 'england-wales'],
    ['SC123456', 'scotland'],
    ['SO305678', 'scotland'],
    ['NI012345', 'northern-ireland'],
    ['R0000123', 'northern-ireland'],
    ['OE001234', 'united-kingdom'],
    ['FC031234', null],
  ])('%s → %s', (companyNumber, register) => {
    expect(registerOfCompanyNumber(companyNumber)).toBe(register);
  });
});
