import type { Client } from '@temporalio/client';
import type { CompaniesHouseStreamSettings } from '../config';
import type { Logger } from '../logger';
import type { CompaniesHouseStreamInput } from './contracts';
import { companiesHouseStreamWorkflowId, workflowTypes } from './names';
import { searchAttributes } from './search-attributes';

/**
 * Starts the workflow of each configured stream unless it is already running (a restart, a second worker):
 * a running one keeps its place. One started before and since stopped (terminated by an operator) is started
 * again, from the store's position.
 */
export async function ensureCompaniesHouseStreams(
  client: Client,
  taskQueue: string,
  settings: CompaniesHouseStreamSettings,
  logger: Logger,
): Promise<void> {
  for (const stream of settings.streams) {
    const workflowId = companiesHouseStreamWorkflowId(stream);
    const args: [CompaniesHouseStreamInput] = [{ stream, timepoint: null }];
    // USE_EXISTING: a running consumer keeps its place; one that was stopped is started again.
    await client.workflow.start(workflowTypes.companiesHouseStream, {
      workflowId,
      taskQueue,
      args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      typedSearchAttributes: [{ key: searchAttributes.streamName, value: stream }],
    });
    logger.info({ workflowId }, 'Companies House stream consumer running');
  }
}
