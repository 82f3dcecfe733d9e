import { proxyActivities } from '@temporalio/workflow';

// The benchmark's baseline: the least a Temporal workflow with one activity can cost on the same server, so the
// delivery figures can be read as a ratio rather than as absolute numbers that depend on the machine.

export interface BaselineActivities {
  noop(): Promise<void>;
}

const { noop } = proxyActivities<BaselineActivities>({ startToCloseTimeout: '30 seconds' });

/** One no-op activity, then done. */
export async function baselineWorkflow(): Promise<void> {
  await noop();
}
