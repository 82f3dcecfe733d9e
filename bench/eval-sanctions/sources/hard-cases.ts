import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ListedParty } from '../../../src/domain/sanctions/matching/listed-party';
import { difficulties, evalCategories, type EvalPair, type PairSource } from '../eval-pair';

/*
 * The project's own hard cases for issue 37 (test/fixtures/sanctions-matching/hard-cases.json): designated
 * people, organisations and ships as public lists name them, against the forms a register, a client or a typist
 * writes, one kind of difficulty each, with true matches and the near namesakes that must not match. Written
 * compactly (names as text) and expanded here to the matcher's shapes. None is taken from OpenSanctions'
 * name_bench cases, which issue 37 uses as its independent set.
 */

const SOURCE: PairSource = {
  name: 'own hard cases (issue 37)',
  where: 'test/fixtures/sanctions-matching/hard-cases.json',
  licence: 'this repository',
  own: true,
};

const yearMonth = /^(\d{4})-(\d{2})$/;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const hardCaseSchema = z.object({
  id: z.string().min(1),
  expected: z.enum(['match', 'no_match']),
  category: z.enum(evalCategories),
  difficulty: z.array(z.enum(difficulties)).min(1),
  subject: z.string().min(1),
  /** The first is the designation's primary name, the rest its aliases. */
  listed: z.array(z.string().min(1)).min(1),
  subjectBirth: z.string().regex(yearMonth).nullable(),
  listedBirth: z.string().regex(isoDay).nullable(),
  nationality: z.string().nullable(),
  listedNationalities: z.array(z.string()),
  note: z.string().min(1),
  /** The designation's type when it is not the subject's own kind (a person against an entity). */
  listedType: z.enum(['individual', 'entity', 'ship']).optional(),
});

const TYPE_OF_CATEGORY = { person: 'individual', entity: 'entity', vessel: 'ship' } as const;

/** A name with no Latin letter is listed in its own script. */
const isNonLatin = (text: string) => !/[A-Za-z]/.test(text);

export function hardCasePairs(
  file = join(__dirname, '../../../test/fixtures/sanctions-matching/hard-cases.json'),
): EvalPair[] {
  const cases = z.array(hardCaseSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
  return cases.map((hard) => {
    const subjectBirth = hard.subjectBirth === null ? null : yearMonth.exec(hard.subjectBirth)!;
    const listedBirth = hard.listedBirth === null ? null : isoDay.exec(hard.listedBirth)!;
    const party: ListedParty = {
      id: hard.id.toUpperCase(),
      type: hard.listedType ?? TYPE_OF_CATEGORY[hard.category],
      names: hard.listed.map((text, i) => ({
        text,
        kind: isNonLatin(text) ? 'non_latin' : i === 0 ? 'primary' : 'alias',
      })),
      birthDates: listedBirth
        ? [{ year: Number(listedBirth[1]), month: Number(listedBirth[2]), day: Number(listedBirth[3]) }]
        : [],
      nationalities: hard.listedNationalities,
      countries: [],
    };
    return {
      id: hard.id,
      expected: hard.expected,
      category: hard.category,
      difficulty: hard.difficulty,
      note: hard.note,
      source: SOURCE,
      subject: {
        kind: hard.category === 'person' ? 'person' : 'entity',
        name: hard.subject,
        birth: subjectBirth ? { year: Number(subjectBirth[1]), month: Number(subjectBirth[2]) } : null,
        nationality: hard.nationality,
        countryOfResidence: null,
      },
      party,
    };
  });
}
