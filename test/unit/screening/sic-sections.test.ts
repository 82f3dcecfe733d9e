import {
  divisionsOfSection,
  isSicDivision,
  SIC_DIVISIONS,
  SIC_SECTIONS,
  sicSectionOf,
} from '../../../src/domain/companies/sic-sections';

describe('SIC 2007 sections and divisions', () => {
  it('has the 21 sections A–U and the 88 divisions the ONS publishes', () => {
    expect(SIC_SECTIONS.map((s) => s.section).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
    expect(SIC_DIVISIONS).toHaveLength(88);
    for (const gap of ['00', '04', '34', '40', '44', '48', '54', '57', '67', '76', '83', '89'])
      expect(isSicDivision(gap)).toBe(false);
  });

  it.each([
    ['62020', 'J', 'Information and communication'],
    ['62012', 'J', 'Information and communication'],
    ['58110', 'J', 'Information and communication'],
    ['63990', 'J', 'Information and communication'],
    ['01110', 'A', 'Agriculture, forestry and fishing'],
    ['09100', 'B', 'Mining and quarrying'],
    ['33200', 'C', 'Manufacturing'],
    ['35110', 'D', 'Electricity, gas, steam and air conditioning supply'],
    ['41100', 'F', 'Construction'],
    ['47910', 'G', 'Wholesale and retail trade; repair of motor vehicles and motorcycles'],
    ['56101', 'I', 'Accommodation and food service activities'],
    ['64209', 'K', 'Financial and insurance activities'],
    ['68100', 'L', 'Real estate activities'],
    ['70229', 'M', 'Professional, scientific and technical activities'],
    ['82990', 'N', 'Administrative and support service activities'],
    ['84110', 'O', 'Public administration and defence; compulsory social security'],
    ['85590', 'P', 'Education'],
    ['87300', 'Q', 'Human health and social work activities'],
    ['90030', 'R', 'Arts, entertainment and recreation'],
    ['96090', 'S', 'Other service activities'],
    ['98000', 'T', expect.stringMatching(/^Activities of households as employers/)],
    ['99000', 'U', 'Activities of extraterritorial organisations and bodies'],
    ['6202', 'J', 'Information and communication'],
    ['62', 'J', 'Information and communication'],
  ])('puts %s in section %s', (code, section, title) => {
    expect(sicSectionOf(code)).toEqual({ section, title, divisions: expect.any(Array) });
  });

  it('puts codes of no division, the dormant code and malformed input in no section', () => {
    for (const code of ['04000', '34000', '99999', '6', '620', '620200', 'ab123', ''])
      expect(sicSectionOf(code)).toBeNull();
  });

  it('lists the divisions of a section', () => {
    expect(divisionsOfSection('J')).toEqual(['58', '59', '60', '61', '62', '63']);
    expect(divisionsOfSection('U')).toEqual(['99']);
    expect(divisionsOfSection('C')).toHaveLength(24);
  });
});
