import { defineSignal } from '@temporalio/workflow';

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
  /** 8 for change alerts; 1 for test sends, which are never retried. */
  maxAttempts: number;
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
