import { z } from 'zod';
import { screeningMatchStatuses, type ScreeningMatch } from '../../../db/entities/screening-match';
import { matchExplanationSchema } from '../matching/match-explanation';
import { SANCTIONS_LISTS, sanctionsListIdSchema } from '../sanctions-lists';
import { designationViewSchema } from '../screening/sanctions-screen-result';

// A potential match of ongoing screening as GET /screening/matches and the decision answer show it.

export function sanctionsListName(list: string): string {
  const parsed = sanctionsListIdSchema.safeParse(list);
  return parsed.success ? SANCTIONS_LISTS[parsed.data].name : list;
}

export const potentialMatchViewSchema = z.object({
  id: z.number().int().describe('Use it to record a decision: POST /screening/matches/{id}/decision'),
  company_number: z.string(),
  company_name: z.string().describe('As the register named the company when the match was found'),
  list: z.object({
    id: z.string(),
    name: z.string(),
    version_id: z.number().int().describe('The list version whose import found the match'),
  }),
  subject: z
    .object({ role: z.string(), kind: z.string(), name: z.string() })
    .describe('Who around the company matched: the company, a previous name, an officer or a PSC'),
  designation: designationViewSchema,
  score: z.number(),
  threshold: z.number(),
  explanation: matchExplanationSchema,
  status: z
    .enum(screeningMatchStatuses)
    .describe('open until decided; delisted when a later version removed the designation'),
  decision: z
    .object({
      decided_by: z.string().describe('The account that recorded it'),
      decided_at: z.iso.datetime(),
      note: z.string().nullable(),
    })
    .nullable()
    .describe('The reviewer’s decision behind status confirmed or false_positive; null while open'),
  delisted_in_version: z.number().int().nullable(),
  event_id: z.string().nullable().describe('The sanctions.potential_match delivery sent for it, if any'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type PotentialMatchView = z.infer<typeof potentialMatchViewSchema>;

export function toPotentialMatchView(match: ScreeningMatch): PotentialMatchView {
  return {
    id: Number(match.id),
    company_number: match.companyNumber,
    company_name: match.companyName,
    list: {
      id: match.sanctionsList,
      name: sanctionsListName(match.sanctionsList),
      version_id: match.versionId,
    },
    subject: { role: match.subjectRole, kind: match.subjectKind, name: match.subjectName },
    designation: designationViewSchema.parse(JSON.parse(match.designation)),
    score: match.score,
    threshold: match.threshold,
    explanation: matchExplanationSchema.parse(JSON.parse(match.explanation)),
    status: match.status,
    decision:
      match.decidedAt === null
        ? null
        : {
            decided_by: match.decidedBy ?? '',
            decided_at: match.decidedAt.toISOString(),
            note: match.decisionNote,
          },
    delisted_in_version: match.delistedInVersion,
    event_id: match.eventId,
    created_at: match.createdAt.toISOString(),
    updated_at: match.updatedAt.toISOString(),
  };
}
