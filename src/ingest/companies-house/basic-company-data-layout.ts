/*
 * Companies House's free bulk company file ("BasicCompanyData", one file or several parts, monthly).
 * The header line is copied from the published file, stray leading spaces included: a file whose header differs
 * is some other layout, and guessing at its columns would store wrong data quietly.
 */
export const BASIC_COMPANY_DATA_HEADER_LINE =
  'CompanyName, CompanyNumber,RegAddress.CareOf,RegAddress.POBox,RegAddress.AddressLine1, RegAddress.AddressLine2,' +
  'RegAddress.PostTown,RegAddress.County,RegAddress.Country,RegAddress.PostCode,CompanyCategory,CompanyStatus,' +
  'CountryOfOrigin,DissolutionDate,IncorporationDate,Accounts.AccountRefDay,Accounts.AccountRefMonth,' +
  'Accounts.NextDueDate,Accounts.LastMadeUpDate,Accounts.AccountCategory,Returns.NextDueDate,' +
  'Returns.LastMadeUpDate,Mortgages.NumMortCharges,Mortgages.NumMortOutstanding,Mortgages.NumMortPartSatisfied,' +
  'Mortgages.NumMortSatisfied,SICCode.SicText_1,SICCode.SicText_2,SICCode.SicText_3,SICCode.SicText_4,' +
  'LimitedPartnerships.NumGenPartners,LimitedPartnerships.NumLimPartners,URI,' +
  'PreviousName_1.CONDATE, PreviousName_1.CompanyName, PreviousName_2.CONDATE, PreviousName_2.CompanyName,' +
  'PreviousName_3.CONDATE, PreviousName_3.CompanyName,PreviousName_4.CONDATE, PreviousName_4.CompanyName,' +
  'PreviousName_5.CONDATE, PreviousName_5.CompanyName,PreviousName_6.CONDATE, PreviousName_6.CompanyName,' +
  'PreviousName_7.CONDATE, PreviousName_7.CompanyName,PreviousName_8.CONDATE, PreviousName_8.CompanyName,' +
  'PreviousName_9.CONDATE, PreviousName_9.CompanyName,PreviousName_10.CONDATE, PreviousName_10.CompanyName,' +
  'ConfStmtNextDueDate, ConfStmtLastMadeUpDate';

export const BASIC_COMPANY_DATA_COLUMNS: readonly string[] = BASIC_COMPANY_DATA_HEADER_LINE.split(',');

export const COLUMN_COUNT = 55;
export const PREVIOUS_NAMES = 10;
export const SIC_TEXTS = 4;

/** Column positions in the published order. */
export const col = {
  name: 0,
  number: 1,
  careOf: 2,
  poBox: 3,
  addressLine1: 4,
  addressLine2: 5,
  postTown: 6,
  county: 7,
  country: 8,
  postCode: 9,
  category: 10,
  status: 11,
  countryOfOrigin: 12,
  dissolutionDate: 13,
  incorporationDate: 14,
  accountRefDay: 15,
  accountRefMonth: 16,
  accountsNextDue: 17,
  accountsLastMadeUp: 18,
  accountsCategory: 19,
  returnsNextDue: 20,
  returnsLastMadeUp: 21,
  mortgageCharges: 22,
  mortgagesOutstanding: 23,
  mortgagesPartSatisfied: 24,
  mortgagesSatisfied: 25,
  firstSicText: 26,
  uri: 32,
  firstPreviousName: 33,
  confStmtNextDue: 53,
  confStmtLastMadeUp: 54,
} as const;
