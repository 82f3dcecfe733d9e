import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import type { Deadline } from '../deadline';
import type { HealthScoreSummary } from '../health/score-company';
import type { OwnershipTrace } from '../ownership/ownership-trace';
import type { ExtraSubject } from '../sanctions/screening/screening-subjects';
import type { NameSimilarity } from './stated-name';

/*
 * What a KYB check takes from other parts of the service, as functions it is given: the sanctions screen, the
 * health score and the name similarity. The check reads only the parts named here, so it is tested with values
 * built in the test, and the real sources are wired in one place (kyb-default-sources.ts).
 */

/** The part of a sanctions screen (screen_sanctions) a KYB check reads; the screen may say more. */
export const kybSanctionsScreenSchema = z.object({
  list_versions: z
    .array(
      z.looseObject({
        list: z.string(),
        id: z.union([z.string(), z.number()]).transform(String),
        published_on: z.string().nullable(),
      }),
    )
    .describe('Every list version screened against; empty when none is held: nothing could be screened'),
  lists_not_screened: z
    .array(z.looseObject({ list: z.string(), name: z.string(), reason: z.string() }))
    .default([])
    .describe('The lists not screened against, and why (not held, or not chosen by the account)'),
  screened: z.array(z.unknown()).describe('Every name screened, so "no match" is meaningful'),
  potential_matches: z.array(
    z.looseObject({
      subject: z.looseObject({
        role: z.string().describe('company, officer, psc or owner: what brought the name in'),
        name: z.string(),
        path: z.string().optional().describe('For an owner: the ownership chain that reached it'),
      }),
      score: z.number(),
      designation: z.record(z.string(), z.unknown()),
      explanation: z.unknown(),
    }),
  ),
});
export type KybSanctionsScreen = z.infer<typeof kybSanctionsScreenSchema>;

export type ScreenSanctions = (
  em: EntityManager,
  companyNumber: string,
  /** accountId: the lists screened are the account's choice (every list held when it made none). */
  options: { asOf: Date; accountId: string; deadline?: Deadline; owners?: readonly ExtraSubject[] },
) => Promise<z.input<typeof kybSanctionsScreenSchema>>;

/** The company's owners traced to people as of a day (YYYY-MM-DD); null when the store does not hold it. */
export type TraceOwnership = (
  em: EntityManager,
  companyNumber: string,
  asOfDay: string,
) => Promise<OwnershipTrace | null>;

/** The company's health score as of a day (YYYY-MM-DD); null when it has none. */
export type ScoreHealth = (
  em: EntityManager,
  companyNumber: string,
  asOfDay: string,
) => Promise<HealthScoreSummary | null>;

export interface KybSources {
  screenSanctions: ScreenSanctions;
  scoreHealth: ScoreHealth;
  similarity: NameSimilarity;
  /** Default: traced through the store alone (no live fetch of owner companies). */
  traceOwnership?: TraceOwnership;
}
