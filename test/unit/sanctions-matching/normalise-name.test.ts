import { normaliseName } from '../../../src/domain/sanctions/matching/normalise-name';

const person = (text: string) => normaliseName(text, 'person').tokens;
const entity = (text: string) => normaliseName(text, 'entity').tokens;

describe('normaliseName: scripts, case and accents', () => {
  it.each([
    ['Александр Лукашенко', ['ALEKSANDR', 'LUKASHENKO']],
    ['Дмитрий Кузнецов', ['DMITRIY', 'KUZNETSOV']], // Ц as TS, as the list writes it
    ['Михаил Ходорковский', ['MIKHAIL', 'KHODORKOVSKIY']], // Х as KH
    ['Αλέξης Τσίπρας', ['ALEXIS', 'TSIPRAS']],
    ['习近平', ['XI', 'JIN', 'PING']],
    ['José María Gómez', ['JOSE', 'MARIA', 'GOMEZ']],
    ['Łukasz Żukowski', ['LUKASZ', 'ZUKOWSKI']],
    ['john smith', ['JOHN', 'SMITH']],
  ])('%s → %j', (text, tokens) => {
    expect(person(text)).toEqual(tokens);
  });

  it('reads Arabic script as its consonants (the script writes no short vowels)', () => {
    expect(person('حسن نصرالله')).toEqual(['HSN', 'NSRLLH']);
  });
});

describe('normaliseName: people', () => {
  it('reads "SURNAME, Forenames" as Companies House writes it, forenames first', () => {
    expect(person('SMITH, John Paul')).toEqual(['JOHN', 'PAUL', 'SMITH']);
  });

  it('drops a title given after a second comma, and keeps it aside', () => {
    expect(normaliseName('SMITH, John, Dr', 'person')).toEqual({
      text: 'SMITH, John, Dr',
      tokens: ['JOHN', 'SMITH'],
      ignored: ['DR'],
      legalForms: [],
      allWords: ['JOHN', 'SMITH'],
      consonantal: false,
    });
  });

  it.each([
    ['Mr John HARROW', ['JOHN', 'HARROW'], ['MR']],
    ['Dr. Ahmed KARIMI OBE', ['AHMED', 'KARIMI'], ['DR', 'OBE']],
    ['General Qasem SOLEIMANI', ['QASEM', 'SOLEIMANI'], ['GENERAL']],
    ['Sheikh Mansour bin ZAYED', ['MANSOUR', 'ZAYED'], ['SHEIKH', 'BIN']],
    ['His Excellency Sir Andrew WHITFIELD', ['ANDREW', 'WHITFIELD'], ['HIS', 'EXCELLENCY', 'SIR']],
  ])('drops honorifics and particles: %s', (text, tokens, ignored) => {
    const name = normaliseName(text, 'person');
    expect(name.tokens).toEqual(tokens);
    expect(name.ignored).toEqual(ignored);
  });

  it('never drops a surname that is also a title', () => {
    expect(person('LORD, Jane')).toEqual(['JANE', 'LORD']);
    expect(person('MAJOR, John')).toEqual(['JOHN', 'MAJOR']);
  });

  it('keeps a particle when fewer than two other words would remain', () => {
    expect(person('Al SMITH')).toEqual(['AL', 'SMITH']);
    expect(person('Bashar AL-ASSAD')).toEqual(['BASHAR', 'ASSAD']);
  });

  it('joins apostrophes, splits hyphens, separates initials at dots', () => {
    expect(person("O'NEILL, Sean")).toEqual(['SEAN', 'ONEILL']);
    expect(person('Anna SMITH-JONES')).toEqual(['ANNA', 'SMITH', 'JONES']);
    expect(person('J.P. MORTON')).toEqual(['J', 'P', 'MORTON']);
  });
});

describe('normaliseName: entities', () => {
  it.each([
    ['OOO «Газпром»', ['GAZPROM'], ['OOO']],
    ['ГАЗПРОМ ПАО', ['GAZPROM'], ['PAO']],
    ['ЗАО Алмаз-Антей', ['ALMAZ', 'ANTEY'], ['ZAO']],
    ['Gazprom PJSC', ['GAZPROM'], ['PJSC']],
    ['Open Joint Stock Company Kalashnikov', ['KALASHNIKOV'], ['OPEN JOINT STOCK COMPANY']],
    ['Nord Stream 2 GmbH', ['NORD', 'STREAM', '2'], ['GMBH']],
    ['Dupont S.A.R.L.', ['DUPONT'], ['SARL']],
    ['Polmar Sp. z o.o.', ['POLMAR'], ['SP Z OO']],
    ['Shandong Qingyuan Group Co., Ltd.', ['SHANDONG', 'QINGYUAN', 'GROUP'], ['CO LTD']],
    ['Northern Energy Public Limited Company', ['NORTHERN', 'ENERGY'], ['PUBLIC LIMITED COMPANY']],
  ])('drops the legal form of %s', (text, tokens, ignored) => {
    const name = normaliseName(text, 'entity');
    expect(name.tokens).toEqual(tokens);
    expect(name.ignored).toEqual(ignored);
  });

  it('drops a Russian legal form written out in full', () => {
    expect(entity('Общество с ограниченной ответственностью «Ромашка»')).toEqual(['ROMASHKA']);
  });

  it('reads & as AND and drops joining words', () => {
    expect(entity('The Smith & Sons Ltd')).toEqual(['SMITH', 'SONS']);
    expect(entity('Smith and Sons Limited')).toEqual(['SMITH', 'SONS']);
  });

  it('drops registration numbers and states appended to the name', () => {
    expect(normaliseName('Blue Horizon Limited (01234567)', 'entity')).toMatchObject({
      tokens: ['BLUE', 'HORIZON'],
      ignored: ['(01234567)', 'LIMITED'],
    });
    expect(entity('Blue Horizon Ltd - Company No. SC123456')).toEqual(['BLUE', 'HORIZON']);
    expect(entity('Orion Metals Ltd (In Liquidation)')).toEqual(['ORION', 'METALS']);
    expect(entity('Acme 01234567 Limited')).toEqual(['ACME']);
  });

  it('keeps the legal forms it drops, long forms of ISO 20275 included', () => {
    expect(normaliseName('Siemens Aktiengesellschaft', 'entity')).toMatchObject({
      tokens: ['SIEMENS'],
      legalForms: ['AKTIENGESELLSCHAFT'],
    });
    expect(normaliseName('Volkswagen Gesellschaft mit beschränkter Haftung', 'entity').legalForms).toEqual([
      'GESELLSCHAFT MIT BESCHRANKTER HAFTUNG',
    ]);
    expect(normaliseName('Societatea cu Răspundere Limitată PRO TRAFFIC', 'entity')).toMatchObject({
      tokens: ['PRO', 'TRAFFIC'],
      legalForms: ['SOCIETATEA CU RASPUNDERE LIMITATA'],
    });
    expect(entity('Standard Chartered PLC')).toEqual(['STANDARD', 'CHARTERED']);
  });

  it('writes numbers and ordinals as digits', () => {
    expect(entity('Brigade Forty-Four')).toEqual(['BRIGADE', '44']);
    expect(entity('First National Trading')).toEqual(entity('1st National Trading'));
    expect(person('Ivan FORTY')).toEqual(['IVAN', 'FORTY']);
  });

  it('reads digits inside a person’s words as letters', () => {
    expect(person('Ig0r SECH1N')).toEqual(['IGOR', 'SECHIN']);
    expect(entity('3M Trading')).toEqual(['3M', 'TRADING']);
  });

  it('splits Hangul into syllables and marks Arabic and Hebrew script as consonantal', () => {
    expect(person('김정은')).toEqual(['GIM', 'JEONG', 'EUN']);
    expect(normaliseName('محمد', 'person').consonantal).toBe(true);
    expect(normaliseName('אהוד ברק', 'person').consonantal).toBe(true);
    expect(normaliseName('Mohammed', 'person').consonantal).toBe(false);
  });

  it('drops legal forms only at the ends, and never the whole name', () => {
    expect(entity('AG BARR PLC')).toEqual(['BARR']);
    expect(entity('SA MINING AND SA TRADING')).toEqual(['MINING', 'SA', 'TRADING']);
    expect(entity('AO')).toEqual(['AO']);
    expect(entity('Limited Ltd')).toHaveLength(1);
  });
});
