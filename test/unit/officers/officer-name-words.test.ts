import { officerNameKeys } from '../../../src/domain/officers/officer-name';
import {
  NAME_WORD_KEY_MAX,
  narrowingWords,
  otherNameWords,
} from '../../../src/domain/officers/officer-name-words';

const others = (name: string) => {
  const keys = officerNameKeys(name);
  return otherNameWords(keys.surnameKey, keys.nameKey);
};

describe('otherNameWords: what an appointment is indexed under beside its surname', () => {
  it('holds every forename, middle name and initial, once each, and no title or surname word', () => {
    expect(others('SMITH, John Paul')).toEqual(['JOHN', 'PAUL']);
    expect(others('SMITH, J P')).toEqual(['J', 'P']);
    expect(others('SMITH, John, Dr')).toEqual(['JOHN']);
    expect(others('SMITH, John John')).toEqual(['JOHN']);
    expect(others('DE LA CRUZ, Maria')).toEqual(['MARIA']);
    expect(others('SMITH-JONES, Anna')).toEqual(['ANNA']);
    expect(others('SMITH, Smith')).toEqual([]);
  });

  it('holds nothing for a name with no forename, and the words after the first of a corporate name', () => {
    expect(others('SMITH,')).toEqual([]);
    expect(others('SMITH')).toEqual([]);
    expect(others('THE ACORN SECRETARIES LTD')).toEqual(['THE', 'SECRETARIES', 'LIMITED']);
  });

  it('cuts a word longer than the column to its first code points, never inside a character', () => {
    const long = 'É'.repeat(NAME_WORD_KEY_MAX + 5);
    expect(otherNameWords('SMITH', ` ${long} SMITH `)).toEqual(['É'.repeat(NAME_WORD_KEY_MAX)]);
    const astral = '𝐀'.repeat(NAME_WORD_KEY_MAX + 1);
    const [cut] = otherNameWords('SMITH', ` ${astral} SMITH `);
    expect([...cut!]).toHaveLength(NAME_WORD_KEY_MAX);
    expect(cut).toBe('𝐀'.repeat(NAME_WORD_KEY_MAX));
  });
});

describe('narrowingWords: the words a candidate surname key is looked up with', () => {
  it('takes every required word that is not a word of the key, once', () => {
    expect(narrowingWords('SMITH', ['J', 'JOHN', 'SMITH'])).toEqual(['J', 'JOHN']);
    expect(narrowingWords('SMITH', ['PAUL', 'JOHN', 'SMITH', 'PAUL'])).toEqual(['PAUL', 'JOHN']);
    expect(narrowingWords('JOHN', ['JOHN', 'SMITH'])).toEqual(['SMITH']);
  });

  it('has none when the key holds every required word: the surname index alone narrows', () => {
    expect(narrowingWords('SMITH', ['SMITH'])).toEqual([]);
    expect(narrowingWords('DE LA CRUZ', ['DE', 'LA', 'CRUZ'])).toEqual([]);
    expect(narrowingWords('JOHN SMITH', ['JOHN', 'SMITH'])).toEqual([]);
    expect(narrowingWords('SMITH', [])).toEqual([]);
  });

  it('looks a long word up by the same cut the index stores', () => {
    const long = 'B'.repeat(NAME_WORD_KEY_MAX + 20);
    expect(narrowingWords('SMITH', [long, 'SMITH'])).toEqual(otherNameWords('SMITH', ` ${long} SMITH `));
  });
});
