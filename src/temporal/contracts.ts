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
