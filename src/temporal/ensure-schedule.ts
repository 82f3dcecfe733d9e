import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';
import type { Logger } from '../logger';

/**
 * Creates a Schedule, or brings an existing one in line with this code (spec, action, policies): every worker
 * start runs this, so several workers or a redeploy converge on one Schedule. A paused Schedule stays paused:
 * pausing is an operator's decision.
 */
export async function ensureSchedule(
  client: Client,
  scheduleId: string,
  definition: Omit<ScheduleOptions, 'scheduleId'>,
  logger: Logger,
): Promise<void> {
  try {
    await client.schedule.create({ scheduleId, ...definition });
    logger.info({ scheduleId }, `created the ${scheduleId} schedule`);
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({
      ...previous,
      spec: definition.spec,
      action: definition.action,
      policies: { ...previous.policies, ...definition.policies },
    }));
    logger.info({ scheduleId }, `${scheduleId} schedule up to date`);
  }
}
