import { defineQuery } from '@temporalio/workflow';

// The ongoing-screening workflow's input and progress, shared by the workflow, its starters and tests (kept
// apart from the workflow file, as contracts.ts is, so the API process never loads workflow code).

export interface OngoingScreeningInput {
  /** The sanctions list version whose designations are re-screened; also the workflow id's key. */
  versionId: number;
}

/** What the Web UI shows (memo, current details) and the `progress` query answers. */
export interface OngoingScreeningProgress {
  versionId: number;
  list: string | null;
  fullRescreen: boolean;
  designations: number;
  companiesDone: number;
  companiesTotal: number;
  matchesFound: number;
  state: 'starting' | 'screening' | 'completed' | 'version_not_found';
}

export const ongoingScreeningProgressQuery = defineQuery<OngoingScreeningProgress>('progress');

/** Companies per batch: one transaction each, and the cursor a retried activity resumes from. */
export const RESCREEN_BATCH_SIZE = 200;
/** Batches per activity call: a call reports back to the workflow (and its progress) after this many. */
export const RESCREEN_BATCHES_PER_CALL = 10;
