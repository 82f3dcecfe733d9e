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
  it('gives transliteration variants one key', () => {
    expect(nameTokenKeys('Sergey LAVROV', 'person')).toEqual(nameTokenKeys('Sergej Lavrov', 'person'));
    expect(nameTokenKeys('Сергей Лавров', 'person')).toEqual(nameTokenKeys('SERGEI LAVROV', 'person'));
  });

  it('gives a nickname the key of its group, and initials no key', () => {
    expect(nameTokenKeys('Bill J GATES', 'person')).toEqual(['BIL', 'VILI', 'GATE']);
  });

  it('keeps legal forms and titles out of the keys', () => {
    expect(nameTokenKeys('Gazprom PJSC', 'entity')).toEqual(['GAZP']);
    expect(nameTokenKeys('Dr John SMITH', 'person')).toEqual(['IOHN', 'SMIT']);
  });

  // The prefilter must not drop a designation the matcher would report: every labelled true match shares a key.
  it('lets every labelled true match through a shared key', () => {
    const missed = loadLabelledPairs()
      .filter((pair) => pair.expected === 'match')
      .filter((pair) => {
        const kind = pair.subject.kind;
        if (partyKind(pair.party) !== kind) return false;
        const subjectKeys = new Set(nameTokenKeys(pair.subject.name, kind));
        return !pair.party.names.some((name) =>
          nameTokenKeys(name.text, kind).some((key) => subjectKeys.has(key)),
        );
      })
      .map((pair) => pair.id);
    expect(missed).toEqual([]);
  });
});
