import { z } from 'zod';
import { designationTypes } from '../sanctions/sanctions-designation';

/*
 * The sanctions.potential_match event (docs/webhooks.md): sent for a new potential match found by ongoing
 * screening, only to lists that opted in (sanctions_alerts), through the same delivery workflow, retries, records
 * and signature as company.alert. Its id names the stored match, so a match is one event, whatever re-runs.
 */

export const POTENTIAL_MATCH_EVENT_TYPE = 'sanctions.potential_match';

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

export const potentialMatchEventSchema = z.object({
  id: z.string().regex(/^evt_match_\d+$/),
  type: z.literal(POTENTIAL_MATCH_EVENT_TYPE),
  created_at: timestamp,
  data: z.object({
    match_id: z.number().int(),
    account_id: z.string(),
    company_number: z.string(),
    company_name: z.string(),
    subject: z.object({ role: z.string(), kind: z.string(), name: z.string() }),
    list: z.object({ id: z.string(), name: z.string(), version_id: z.number().int() }),
    designation: z.object({
      unique_id: z.string(),
      type: z.enum(designationTypes),
      primary_name: z.string(),
      regimes: z.array(z.string()),
      date_designated: z.string().nullable(),
    }),
    score: z.number(),
    threshold: z.number(),
    links: z.object({ match: z.string(), company: z.string() }),
  }),
});
export type PotentialMatchEvent = z.infer<typeof potentialMatchEventSchema>;

/** `evt_match_<match id>`; a match reopened by a version that lists its designation again, `…_v<version id>`. */
export function potentialMatchEventId(matchId: number, reopenedInVersion?: number): string {
  return reopenedInVersion === undefined
    ? `evt_match_${matchId}`
    : `evt_match_${matchId}_v${reopenedInVersion}`;
}

export interface PotentialMatchForEvent {
  matchId: number;
  accountId: string;
  companyNumber: string;
  companyName: string;
  subject: { role: string; kind: string; name: string };
  list: { id: string; name: string; versionId: number };
  designation: PotentialMatchEvent['data']['designation'];
  score: number;
  threshold: number;
  /** Set when a delisted match is open again because this version lists its designation again. */
  reopenedInVersion?: number;
}

export function potentialMatchEvent(
  match: PotentialMatchForEvent,
  baseUrl: string,
  createdAt: Date,
): PotentialMatchEvent {
  const base = baseUrl.replace(/\/+$/, '');
  const number = encodeURIComponent(match.companyNumber);
  return {
    id: potentialMatchEventId(match.matchId, match.reopenedInVersion),
    type: POTENTIAL_MATCH_EVENT_TYPE,
    created_at: createdAt.toISOString(),
    data: {
      match_id: match.matchId,
      account_id: match.accountId,
      company_number: match.companyNumber,
      company_name: match.companyName,
      subject: match.subject,
      list: { id: match.list.id, name: match.list.name, version_id: match.list.versionId },
      designation: {
        unique_id: match.designation.unique_id,
        type: match.designation.type,
        primary_name: match.designation.primary_name,
        regimes: match.designation.regimes,
        date_designated: match.designation.date_designated,
      },
      score: match.score,
      threshold: match.threshold,
      links: {
        // The match with its explanation, and the decision to record on it.
        match: `${base}/screening/matches?company_number=${number}&list=${encodeURIComponent(match.list.id)}`,
        company: `${base}/company/${number}`,
      },
    },
  };
}
