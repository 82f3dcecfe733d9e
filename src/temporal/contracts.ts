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
}
