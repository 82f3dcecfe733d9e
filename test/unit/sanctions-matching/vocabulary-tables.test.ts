import { COUNTRIES } from '../../../src/domain/sanctions/matching/countries';
import {
  ENTITY_FILLER_WORDS,
  PERSON_NAME_PARTICLES,
} from '../../../src/domain/sanctions/matching/filler-words';
import { POST_NOMINALS, TITLES } from '../../../src/domain/sanctions/matching/honorifics';
import { LEGAL_FORMS } from '../../../src/domain/sanctions/matching/legal-forms';
import { NICKNAME_GROUPS } from '../../../src/domain/sanctions/matching/nicknames';

// The tables are matched against normalised words: an entry with a dot, an accent or lower case would never match.
const NORMALISED_WORD = /^[A-Z0-9]+$/;
const NORMALISED_PHRASE = /^[A-Z0-9]+(?: [A-Z0-9]+)*$/;

describe('the vocabulary tables', () => {
  it('write every honorific, particle and filler word as a normalised word', () => {
    for (const word of [...TITLES, ...POST_NOMINALS, ...PERSON_NAME_PARTICLES, ...ENTITY_FILLER_WORDS])
      expect(word).toMatch(NORMALISED_WORD);
  });

  it('write every legal form as normalised words, once', () => {
    for (const form of LEGAL_FORMS) expect(form.replaceAll('-', ' ')).toMatch(NORMALISED_PHRASE);
    expect(new Set(LEGAL_FORMS).size).toBe(LEGAL_FORMS.length);
  });

  it('hold each nickname once per group, in groups of at least two names', () => {
    for (const group of NICKNAME_GROUPS) {
      expect(group.length).toBeGreaterThanOrEqual(2);
      expect(new Set(group).size).toBe(group.length);
      for (const name of group) expect(name).toMatch(NORMALISED_WORD);
    }
  });

  it('give each country code one row and each country name one code', () => {
    const codes = COUNTRIES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.flatMap(([, ...rest]) => rest);
    expect(new Set(names).size).toBe(names.length);
  });
});
