import { DefaultLogger, Runtime } from '@temporalio/worker';

// Test output keeps the Temporal SDK's warnings and errors, not its INFO chatter about worker states.
try {
  Runtime.install({ logger: new DefaultLogger('WARN') });
} catch {
  // Already installed for this process by an earlier test file.
}
