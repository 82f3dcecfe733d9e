import { defineQuery, defineSignal } from '@temporalio/workflow';

// Inputs and signals shared by the workflows and the code that starts them. Kept apart from the workflow
// files so the API process never loads workflow code (which belongs to the worker's sandbox).

export interface SecretRotationInput {
  accountId: string;
}

export interface SecretRotated {
  /** The secret that was current until the rotation and must stop signing at `retireAt`. */
  secretId: string;
  /** Epoch milliseconds: the rotation time plus 24 hours. */
  retireAt: number;
}

export const secretRotatedSignal = defineSignal<[SecretRotated]>('secretRotated');

export interface WebhookDeliveryInput {
  eventId: string;
  accountId: string;
  eventType: string;
  /** Search attribute only; empty for events without a company (webhook.test). */
  companyNumber: string | null;
  /** 8 for change alerts; 1 for test sends, which are never retried. Per send: a redelivery makes as many. */
  maxAttempts: number;
  /** The number the first attempt is recorded under (absent: 1). A redelivery continues the numbering. */
  firstAttempt?: number;
  /** Which redelivery of the delivery this run is (absent: the delivery's own run). */
  redelivery?: number;
}

export interface WebhookDeliveryResult {
  status: 'delivered' | 'failed';
  attempts: number;
  /** The last attempt's outcome, for callers that wait (the test send endpoint). */
  lastAttempt: {
    delivered: boolean;
    statusCode?: number;
    errorClass?: string;
    errorMessage?: string;
    durationMs: number;
    responseBodySnippet?: string;
    resolvedAddress?: string;
    attemptedAt: number;
  };
}

/**
 * One recover call (`webhook-recovery/<account id>/<recovery id>`): its redeliveries are claimed in the database
 * under the recovery id, and the workflow's activity starts them from there.
 */
export interface WebhookRecoveryInput {
  accountId: string;
  recoveryId: string;
  /** How many redeliveries the call claimed (for the summary and the result; the database holds the list). */
  deliveries: number;
}

export interface WebhookRecoveryResult {
  started: number;
  /** Redeliveries whose workflow existed already (an earlier try of the activity, or the worker's catch-up). */
  alreadyStarted: number;
}

/** What one run of the change check did, summed over its steps. */
export interface ChangeCheckResult {
  steps: number;
  changesRead: number;
  overdueChanges: number;
  alertsWritten: number;
  deliveriesStarted: number;
  /** The feed sequence the checkpoint stands at when the run ends. */
  throughSequence: number;
  /** The health-score refresh after the change steps (absent from runs recorded before it existed). */
  healthScores?: HealthScoresRefreshed;
  /** Why the refresh failed after its retries; the check itself still succeeds, and the next one refreshes. */
  healthScoresError?: string;
}

/** What one refresh of stored health scores did (domain/health/store/refresh-health-scores.ts). */
export interface HealthScoresRefreshed {
  rescored: number;
  queued: number;
  expired: number;
  otherModel: number;
  dropped: number;
  /** Work was left for the next check (the refresh's time budget ran out). */
  more: boolean;
}

/** What a Companies House stream workflow carries across continue-as-new (workflows/companies-house-stream.ts). */
export interface CompaniesHouseStreamInput {
  stream: string;
  /** The workflow's record of the last applied timepoint; null: none yet (start at the live end). */
  timepoint: number | null;
  paused?: boolean;
  /** Totals over every run of this stream's workflow chain. */
  totals?: { applied: number; skipped: number; malformed: number; changes: number; disconnects: number };
  /** Tests make runs short. */
  runOptions?: { maxRunMs?: number; idleTimeoutMs?: number };
}

/** One run of the stream activity. */
export interface CompaniesHouseStreamRunInput {
  stream: string;
  timepoint: number | null;
  maxRunMs?: number;
  idleTimeoutMs?: number;
}

/** Where a stream stands, as its workflow's query and memo give it. */
export interface CompaniesHouseStreamStatus {
  stream: string;
  state: 'connecting' | 'connected' | 'paused' | 'unauthorized' | 'rate_limited' | 'reconnecting' | 'failing';
  timepoint: number | null;
  published_at: string | null;
  lag_seconds: number | null;
  last_problem: string | null;
  /** Timepoints lost to a 416 (too old to replay), if any: the store may miss what happened between. */
  last_gap: { from: number | null; at: string } | null;
  totals: { applied: number; skipped: number; malformed: number; changes: number; disconnects: number };
  updated_at: string;
}

export const pauseStreamSignal = defineSignal('pauseStream');
export const resumeStreamSignal = defineSignal('resumeStream');
/** Resume from this timepoint (events from it on are applied again); null: from the live end. */
export const resetStreamSignal = defineSignal<[{ timepoint: number | null }]>('resetStream');
export const streamStatusQuery = defineQuery<CompaniesHouseStreamStatus>('streamStatus');

/** A new accounts filing to fetch from the Document API (workflows/live-accounts.ts). */
export interface LiveAccountsInput {
  companyNumber: string;
  transactionId: string;
  documentMetadataUrl: string | null;
  madeUpDate: string | null;
  /** Where the filing was seen: the change source its figures are recorded under. */
  source: 'companies_house_stream' | 'companies_house_api';
}
