import { partyKind } from '../../../src/domain/sanctions/matching/match-subject';
import { nameTokenKeys, nameTokens } from '../../../src/domain/sanctions/matching/name-tokens';
import { loadLabelledPairs } from '../../fixtures/sanctions-matching/labelled-pairs';

describe('nameTokens', () => {
  it('gives the words the matcher compares, distinct', () => {
    expect(nameTokens('SMITH, John John, Dr', 'person')).toEqual(['JOHN', 'SMITH']);
    expect(nameTokens('ООО «Газпром»', 'entity')).toEqual(['GAZPROM']);
  });
});

describe('nameTokenKeys', () => {
  const spellingKeys = (text: string, kind: 'person' | 'entity') =>
    nameTokenKeys(text, kind).filter((key) => !key.includes(':'));
  const shareAKey = (a: string, b: string, kind: 'person' | 'entity') => {
    const keysOfB = new Set(nameTokenKeys(b, kind, 'listed'));
    return nameTokenKeys(a, kind, 'screened').some((key) => keysOfB.has(key));
  };

  it('gives transliteration variants one key', () => {
    expect(spellingKeys('Sergey LAVROV', 'person')).toEqual(spellingKeys('Sergej Lavrov', 'person'));
    expect(spellingKeys('Сергей Лавров', 'person')).toEqual(spellingKeys('SERGEI LAVROV', 'person'));
  });

  it('gives a nickname the key of its group, and initials no key', () => {
    expect(spellingKeys('Bill J GATES', 'person')).toEqual(['BIL', 'VILI', 'GATE']);
  });

  it('keeps legal forms and titles out of the spelling keys', () => {
    expect(spellingKeys('Gazprom PJSC', 'entity')).toEqual(['GAZP']);
    expect(spellingKeys('Dr John SMITH', 'person')).toEqual(['IOHN', 'SMIT']);
  });

  it.each([
    ['sound (P:)', 'HIZBALLAH', 'HEZBOLLAH', 'entity'],
    ['acronym (A:)', 'IRGC', 'Islamic Revolutionary Guard Corps', 'entity'],
    ['glued words (G:)', 'ROSOBORONEXPORT', 'Ros Oboron Export', 'entity'],
    ['glued words (G:)', 'KimYoJong', 'Yo Jong KIM', 'person'],
    ['consonants (C:)', 'Karim Rami AL-RAWI', 'كريم رامي الراوي', 'person'],
  ] as const)('hands over a pair that shares only a %s key', (_rule, screened, listed, kind) => {
    expect(spellingKeys(screened, kind).filter((key) => spellingKeys(listed, kind).includes(key))).toEqual(
      [],
    );
    expect(shareAKey(screened, listed, kind)).toBe(true);
  });

  it('indexes consonants only for names in Arabic or Hebrew script', () => {
    expect(nameTokenKeys('Karim RAWI', 'person', 'listed').some((key) => key.startsWith('C:'))).toBe(false);
    expect(nameTokenKeys('Karim RAWI', 'person', 'screened')).toContain('C:KRM');
    expect(nameTokenKeys('كريم', 'person', 'listed')).toContain('C:KRM');
  });

  // The prefilter must not drop a designation the matcher would report: every labelled true match shares a key.
  it('lets every labelled true match through a shared key', () => {
    const missed = loadLabelledPairs()
      .filter((pair) => pair.expected === 'match')
      .filter((pair) => {
        const kind = pair.subject.kind;
        if (partyKind(pair.party) !== kind) return false;
        const subjectKeys = new Set(nameTokenKeys(pair.subject.name, kind, 'screened'));
        return !pair.party.names.some((name) =>
          nameTokenKeys(name.text, kind).some((key) => subjectKeys.has(key)),
        );
      })
      .map((pair) => pair.id);
    expect(missed).toEqual([]);
  });
});
