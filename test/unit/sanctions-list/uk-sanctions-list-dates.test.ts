import {
  parseBirthDate,
  parseListDate,
  parseReportDate,
} from '../../../src/ingest/sanctions/uk-sanctions-list-dates';

describe('UK Sanctions List dates', () => {
  it.each([
    ['14/02/1958', { year: 1958, month: 2, day: 14 }],
    ['00/07/1971', { year: 1971, month: 7, day: null }],
    ['00/00/1965', { year: 1965, month: null, day: null }],
    ['dd/mm/1955', { year: 1955, month: null, day: null }],
    ['DD/07/1955', { year: 1955, month: 7, day: null }],
    ['07/1955', { year: 1955, month: 7, day: null }],
    ['1962', { year: 1962, month: null, day: null }],
    ["'1962", { year: 1962, month: null, day: null }],
    ['12/03/0000', { year: null, month: 3, day: 12 }],
    ['29/02/2000', { year: 2000, month: 2, day: 29 }],
  ])('reads the date of birth %s as far as it is known', (text, expected) => {
    expect(parseBirthDate(text)).toEqual(expected);
  });

  it.each([
    '',
    '00/00/0000',
    '31/02/1970',
    '29/02/1999',
    '13/13/1970',
    '1/2/3/4',
    'about 1960',
    '19620',
    '1700',
  ])('refuses the date of birth %j', (text) => {
    expect(parseBirthDate(text)).toBeNull();
  });

  it('reads the Report Date in both published wordings, and nothing else', () => {
    expect(parseReportDate('13-Feb-2026')).toBe('2026-02-13');
    expect(parseReportDate(' 3-feb-2026 ')).toBe('2026-02-03');
    expect(parseReportDate('13/02/2026')).toBe('2026-02-13');
    expect(parseReportDate('30-Feb-2026')).toBeNull();
    expect(parseReportDate('13-Xyz-2026')).toBeNull();
    expect(parseReportDate('2026-02-13')).toBeNull();
  });

  it('reads full list dates strictly', () => {
    expect(parseListDate('15/03/2022')).toBe('2022-03-15');
    expect(parseListDate('15/3/2022')).toBeNull();
    expect(parseListDate('00/03/2022')).toBeNull();
  });
});
