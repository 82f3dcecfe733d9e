import {
  fullTextWords,
  legalFormVariants,
  nameStem,
  nameWords,
  normaliseCompanyName,
} from '../../../src/domain/companies/company-name';

describe('normaliseCompanyName', () => {
  it.each([
    ['Acme Widgets Ltd', 'ACME WIDGETS LIMITED'],
    ['ACME WIDGETS LIMITED', 'ACME WIDGETS LIMITED'],
    ['acme widgets ltd.', 'ACME WIDGETS LIMITED'],
    ['  Acme   Widgets\tLtd  ', 'ACME WIDGETS LIMITED'],
    ['Northern Loom Public Limited Company', 'NORTHERN LOOM PLC'],
    ['Northern Loom p.l.c.', 'NORTHERN LOOM PLC'],
    ['Bright Harbour Limited Liability Partnership', 'BRIGHT HARBOUR LLP'],
    ['Bright Harbour L.L.P.', 'BRIGHT HARBOUR LLP'],
    ['Valley Green Spaces C.I.C.', 'VALLEY GREEN SPACES CIC'],
    ['Valley Green Spaces Community Interest Company', 'VALLEY GREEN SPACES CIC'],
    ['Smith & Jones Ltd', 'SMITH AND JONES LIMITED'],
    ['Smith&Jones Ltd', 'SMITH AND JONES LIMITED'],
    ['Smith and Jones Limited', 'SMITH AND JONES LIMITED'],
    ['Smith & Co Ltd', 'SMITH AND COMPANY LIMITED'],
    ["St. Mary's Court (Management) Limited", 'ST MARYS COURT MANAGEMENT LIMITED'],
    ['ST MARYS COURT MANAGEMENT LTD', 'ST MARYS COURT MANAGEMENT LIMITED'],
    ['Stoke-on-Trent Pottery Ltd', 'STOKE ON TRENT POTTERY LIMITED'],
    ['The "Blue Door" Gallery Limited', 'BLUE DOOR GALLERY LIMITED'],
    ['BLUE DOOR GALLERY LIMITED (THE)', 'BLUE DOOR GALLERY LIMITED'],
    ['Café Côté Ltd', 'CAFE COTE LIMITED'],
    ['Cwmni Bach Cyfyngedig', 'CWMNI BACH LIMITED'],
    ['Cwmni Bach Cyf', 'CWMNI BACH LIMITED'],
    ['Dragon Holdings Cwmni Cyfyngedig Cyhoeddus', 'DRAGON HOLDINGS PLC'],
    ['Oak Fund Limited Partnership', 'OAK FUND LP'],
    ['3M United Kingdom Public Limited Company', '3M UNITED KINGDOM PLC'],
  ])('%j → %j', (name, expected) => {
    expect(normaliseCompanyName(name)).toBe(expected);
  });

  it('keeps a name that is only THE', () => {
    expect(normaliseCompanyName('The')).toBe('THE');
  });

  it('keeps THE inside a name', () => {
    expect(normaliseCompanyName('Over The Moon Ltd')).toBe('OVER THE MOON LIMITED');
  });

  it('gives an empty string when nothing searchable is left', () => {
    expect(normaliseCompanyName('')).toBe('');
    expect(normaliseCompanyName(' - . ')).toBe('');
  });

  it('tells legal forms apart', () => {
    expect(normaliseCompanyName('Acme LLP')).not.toBe(normaliseCompanyName('Acme Ltd'));
    expect(normaliseCompanyName('Acme PLC')).not.toBe(normaliseCompanyName('Acme Limited'));
  });

  it('is idempotent', () => {
    for (const name of ['Smith & Co Ltd', "The O'Brien Partnership L.L.P.", 'Café Côté Cyf']) {
      const once = normaliseCompanyName(name);
      expect(normaliseCompanyName(once)).toBe(once);
    }
  });
});

describe('nameStem', () => {
  it.each([
    ['ACME WIDGETS LIMITED', 'ACME WIDGETS'],
    ['ACME WIDGETS LLP', 'ACME WIDGETS'],
    ['ACME WIDGETS PLC', 'ACME WIDGETS'],
    ['ACME WIDGETS', 'ACME WIDGETS'],
    ['LIMITED', 'LIMITED'],
    ['ACME LIMITED HOLDINGS', 'ACME LIMITED HOLDINGS'],
  ])('%j → %j', (name, stem) => {
    expect(nameStem(name)).toBe(stem);
  });
});

describe('legalFormVariants', () => {
  it('gives the stem alone and with every legal form', () => {
    expect(legalFormVariants('ACME LIMITED')).toEqual([
      'ACME',
      'ACME LIMITED',
      'ACME UNLIMITED',
      'ACME PLC',
      'ACME LLP',
      'ACME LP',
      'ACME CIC',
    ]);
  });

  it('gives nothing for an empty name', () => {
    expect(legalFormVariants('')).toEqual([]);
  });
});

describe('nameWords', () => {
  it('splits a normalised name into words', () => {
    expect(nameWords('ACME WIDGETS LIMITED')).toEqual(['ACME', 'WIDGETS', 'LIMITED']);
    expect(nameWords('')).toEqual([]);
  });
});

describe('fullTextWords', () => {
  it('leaves out legal forms, wherever they are', () => {
    expect(fullTextWords('ACME WIDGETS LIMITED')).toEqual(['ACME', 'WIDGETS']);
    expect(fullTextWords('OAK FUND LP')).toEqual(['OAK', 'FUND']);
    expect(fullTextWords('PLC SERVICES LIMITED')).toEqual(['SERVICES']);
    expect(fullTextWords('LIMITED')).toEqual([]);
  });
});
