import { TestWorkflowEnvironment } from '@temporalio/testing';
import { testServerPath } from './paths';

const ATTEMPTS = 3;

/**
 * Temporal's Java time-skipping server, fetched from Maven Central by `npm run setup` (no run-time download).
 * The SDK gives the JVM 5 s to answer, which a machine running three test suites at once (CI's lanes) sometimes
 * misses ("ephemeral server … did not start within 5s", CI of 2dc0643): a start that timed out is tried again.
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: testServerPath } },
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !/did not start within/.test(String(error))) throw error;
    }
  }
}
