import {
  displayName,
  nameKeyMatches,
  nameWords,
  officerNameKeys,
  parseNameQuery,
  type NameQuery,
} from '../../../src/domain/officers/officer-name';

function query(text: string): NameQuery {
  const parsed = parseNameQuery(text);
  if (!parsed.ok) throw new Error(`refused: ${parsed.problem}`);
  return parsed.query;
}

describe('nameWords', () => {
  it('folds accents and case, drops punctuation, splits hyphens and joins apostrophes', () => {
    expect(nameWords("O'Brien, Siobhán-Mary")).toEqual(['OBRIEN', 'SIOBHAN', 'MARY']);
    expect(nameWords('  Zoë  ÅSTRÖM ')).toEqual(['ZOE', 'ASTROM']);
    expect(nameWords('Smith & Sons Ltd.')).toEqual(['SMITH', 'AND', 'SONS', 'LIMITED']);
    expect(nameWords(' ,. ')).toEqual([]);
  });
});

describe('officerNameKeys', () => {
  it('keys a person by the surname before the comma and holds every word, forenames first', () => {
    expect(officerNameKeys('SMITH, John Paul')).toEqual({
      surnameKey: 'SMITH',
      nameKey: ' JOHN PAUL SMITH ',
    });
  });

  it('drops titles from the forenames but never from the surname', () => {
    expect(officerNameKeys("O'BRIEN, Siobhán Mary, Dr")).toEqual({
      surnameKey: 'OBRIEN',
      nameKey: ' SIOBHAN MARY OBRIEN ',
    });
    expect(officerNameKeys('SMITH, Mr John')).toEqual({ surnameKey: 'SMITH', nameKey: ' JOHN SMITH ' });
    expect(officerNameKeys('LORD, Jane')).toEqual({ surnameKey: 'LORD', nameKey: ' JANE LORD ' });
  });

  it('keeps a compound surname whole', () => {
    expect(officerNameKeys('SMITH-JONES, Anna')).toEqual({
      surnameKey: 'SMITH JONES',
      nameKey: ' ANNA SMITH JONES ',
    });
    expect(officerNameKeys('DE LA CRUZ, María')).toEqual({
      surnameKey: 'DE LA CRUZ',
      nameKey: ' MARIA DE LA CRUZ ',
    });
  });

  it('keys a corporate officer (no comma) by its first word other than THE', () => {
    expect(officerNameKeys('ACORN SECRETARIES LIMITED')).toEqual({
      surnameKey: 'ACORN',
      nameKey: ' ACORN SECRETARIES LIMITED ',
    });
    expect(officerNameKeys('The Nominee Co. Ltd')).toEqual({
      surnameKey: 'NOMINEE',
      nameKey: ' THE NOMINEE CO LIMITED ',
    });
  });
});

describe('displayName', () => {
  it('puts forenames before the surname and titles first', () => {
    expect(displayName('SMITH, John')).toBe('John SMITH');
    expect(displayName("O'BRIEN, Siobhán Mary, Dr")).toBe("Dr Siobhán Mary O'BRIEN");
    expect(displayName('ACORN SECRETARIES LIMITED')).toBe('ACORN SECRETARIES LIMITED');
  });
});

describe('parseNameQuery', () => {
  it('reads "John Smith", "SMITH, John" and "smith john" as the same words and surname keys', () => {
    const forms = ['John Smith', 'SMITH, John', 'smith john'].map(query);
    for (const form of forms) {
      expect([...form.required].sort()).toEqual(['JOHN', 'SMITH']);
      expect(form.surnameKeys).toEqual(expect.arrayContaining(['JOHN', 'SMITH']));
    }
  });

  it('finds a stored name from any of its spellings', () => {
    const stored = officerNameKeys('SMITH, John Paul');
    for (const text of ['John Smith', 'SMITH, John', 'smith john', 'Mr John Paul Smith', 'smith']) {
      const q = query(text);
      expect({ text, indexed: q.surnameKeys.includes(stored.surnameKey) }).toEqual({ text, indexed: true });
      expect({ text, matches: nameKeyMatches(stored.nameKey, q) }).toEqual({ text, matches: true });
    }
    expect(nameKeyMatches(stored.nameKey, query('Jane Smith'))).toBe(false);
    // Whole words only: JO is not JOHN.
    expect(nameKeyMatches(stored.nameKey, query('Jo Smith'))).toBe(false);
  });

  it('offers a compound surname as a candidate key when typed in order', () => {
    expect(query('Anna Smith-Jones').surnameKeys).toContain('SMITH JONES');
    expect(query('de la Cruz, Maria').surnameKeys).toContain('DE LA CRUZ');
  });

  it('treats titles as optional words that may still be a surname', () => {
    const jane = query('Jane Lord');
    expect(jane.required).toEqual(['JANE']);
    expect(jane.surnameKeys).toContain('LORD');
    expect(query('Lord').required).toEqual(['LORD']);
  });

  it('refuses fewer than 2 letters and more than 10 words', () => {
    expect(parseNameQuery('J')).toEqual({ ok: false, problem: expect.stringContaining('2 letters') });
    expect(parseNameQuery(' .,- ')).toMatchObject({ ok: false });
    expect(parseNameQuery('1 2 3')).toMatchObject({ ok: false });
    expect(parseNameQuery('a b c d e f g h i j k')).toEqual({ ok: false, problem: 'at most 10 words' });
    expect(parseNameQuery('Jo')).toMatchObject({ ok: true });
  });
});
