import { TestWorkflowEnvironment } from '@temporalio/testing';
import { testServerPath } from './paths';

/** Temporal's Java time-skipping server, fetched from Maven Central by `npm run setup` (no run-time download). */
export function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testServerPath } },
  });
}
