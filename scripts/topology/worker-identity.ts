import type { Client } from '@temporalio/client';
import type Long from 'long';
import type { TopologyState } from './topology-state';

// Which worker process did what, from Temporal's own record: a TypeScript worker's identity is `pid@host`
// (the SDK's default; src/worker.ts sets none), and the topology knows each worker's pid.

export function workerNameOf(state: TopologyState, identity: string | null | undefined): string {
  const pid = Number(identity?.split('@')[0]);
  const worker = state.workers.find((w) => w.pid === pid);
  return worker ? `${worker.name} (pid ${pid})` : `unknown worker ${identity ?? '?'}`;
}

export function workerByIdentity(state: TopologyState, identity: string | null | undefined) {
  const pid = Number(identity?.split('@')[0]);
  return state.workers.find((w) => w.pid === pid);
}

async function history(client: Client, workflowId: string) {
  return (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
}

/** The identities that completed the workflow's tasks, in order, each once. */
export async function workflowTaskWorkers(client: Client, workflowId: string): Promise<string[]> {
  const identities = (await history(client, workflowId))
    .map((event) => event.workflowTaskCompletedEventAttributes?.identity)
    .filter((identity): identity is string => typeof identity === 'string' && identity !== '');
  return [...new Set(identities)];
}

/** Each run of an activity type in the workflow, in order: the identity that started it, how it ended. */
export async function activityRuns(
  client: Client,
  workflowId: string,
  activityType: string,
): Promise<{ identity: string | undefined; outcome: string }[]> {
  const events = await history(client, workflowId);
  const scheduled = new Set(
    events
      .filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activityType)
      .map((e) => String(e.eventId)),
  );
  const runs = new Map<string, { identity: string | undefined; outcome: string }>();
  for (const event of events) {
    const started = event.activityTaskStartedEventAttributes;
    if (started && scheduled.has(String(started.scheduledEventId)))
      runs.set(String(started.scheduledEventId), {
        identity: started.identity ?? undefined,
        outcome: 'started',
      });
    const ends: [string, { scheduledEventId?: Long | null } | null | undefined][] = [
      ['completed', event.activityTaskCompletedEventAttributes],
      ['failed', event.activityTaskFailedEventAttributes],
      ['timed out', event.activityTaskTimedOutEventAttributes],
    ];
    for (const [outcome, attributes] of ends) {
      const run = attributes ? runs.get(String(attributes.scheduledEventId)) : undefined;
      if (run) run.outcome = outcome;
    }
  }
  return [...runs.values()];
}
