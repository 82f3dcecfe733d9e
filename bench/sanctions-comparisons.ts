import type { EntityManager } from '@mikro-orm/core';
import { performance } from 'node:perf_hooks';
import { resolveMatchSettings } from '../src/domain/sanctions/matching/match-settings';
import { matchSubject } from '../src/domain/sanctions/matching/match-subject';
import { currentSanctionsLists } from '../src/domain/sanctions/sanctions-list';
import {
  listMatchOptions,
  screeningCandidates,
} from '../src/domain/sanctions/screening/screening-candidates';
import { companySubjects } from '../src/domain/sanctions/screening/screening-subjects';
import { nearestRank } from './harness';

/*
 * What a screen of one company costs, taken apart in this process (no HTTP): how many designations the name-key
 * prefilter hands the matcher for each name, how long building the list's in-memory index took the first time,
 * and how long one full comparison (a subject against every name of one designation) takes, the index's parties
 * warm (their names normalised already), as screen_sanctions finds them after its first call.
 */

export interface ComparisonCost {
  names: number;
  candidatesPerName: { mean: number; p95: number; max: number };
  comparisons: number;
  repeats: number;
  microsecondsPerComparison: number;
  /** Reading the version and the index once it is built (what every request after the first pays for the list). */
  listReadMs: number;
}

export async function comparisonCost(
  em: EntityManager,
  companyNumber: string,
  repeats: number,
): Promise<ComparisonCost> {
  const { subjects } = await companySubjects(em, companyNumber, false);
  const readStarted = performance.now();
  // The benchmark's list is the UK's: the one it generates and imports.
  const [held] = await currentSanctionsLists(em, ['uk']);
  const index = held === undefined ? null : await held.index();
  const listReadMs = performance.now() - readStarted;
  if (index === null) throw new Error('no sanctions list to compare with');
  const settings = resolveMatchSettings(undefined);
  const options = listMatchOptions(index, undefined);
  const work = subjects.map((subject) => ({
    subject,
    parties: screeningCandidates(index, subject, settings),
  }));
  const counts = work.map((w) => w.parties.length).sort((a, b) => a - b);
  const comparisons = counts.reduce((sum, n) => sum + n, 0);
  for (const { subject, parties } of work) matchSubject(subject, parties, options);
  const started = performance.now();
  for (let r = 0; r < repeats; r++)
    for (const { subject, parties } of work) matchSubject(subject, parties, options);
  const seconds = (performance.now() - started) / 1000;
  return {
    names: subjects.length,
    candidatesPerName: {
      mean: Math.round((comparisons / Math.max(1, counts.length)) * 10) / 10,
      p95: nearestRank(counts, 95),
      max: counts.at(-1) ?? 0,
    },
    comparisons,
    repeats,
    microsecondsPerComparison: Math.round((seconds * 1e6 * 100) / Math.max(1, comparisons * repeats)) / 100,
    listReadMs: Math.round(listReadMs * 100) / 100,
  };
}
