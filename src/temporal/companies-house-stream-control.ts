import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../domain/errors';
import {
  companiesHouseStreamNames,
  isCompaniesHouseStreamName,
} from '../ingest/companies-house/stream/stream-names';
import { readStreamPosition } from '../ingest/companies-house/stream/stream-position';
import {
  pauseStreamSignal,
  resetStreamSignal,
  resumeStreamSignal,
  streamStatusQuery,
  type CompaniesHouseStreamStatus,
} from './contracts';
import { companiesHouseStreamWorkflowId } from './names';

/*
 * What an operator does to a stream consumer (the CLI's `streams …`): each is a signal to its workflow, the same
 * one `temporal workflow signal --workflow-id companies-house-stream/<stream> --name pauseStream` sends.
 */

export interface StreamReport {
  stream: string;
  workflow_id: string;
  /** RUNNING, TERMINATED, … or null when no workflow was ever started for the stream. */
  workflow_status: string | null;
  /** The workflow's own account (its query); null when it is not running. */
  status: CompaniesHouseStreamStatus | null;
  /** The store's position: the last event applied. */
  store_position: { timepoint: number; published_at: string | null } | null;
}

export function requireStreamName(name: string | undefined): string {
  if (!name || !isCompaniesHouseStreamName(name))
    throw new ServiceError(
      'invalid_argument',
      `name a stream: one of ${companiesHouseStreamNames.join(', ')}${name ? ` (not ${JSON.stringify(name)})` : ''}`,
      { argument: 'stream' },
    );
  return name;
}

export async function streamReport(client: Client, em: EntityManager, stream: string): Promise<StreamReport> {
  const workflowId = companiesHouseStreamWorkflowId(stream);
  const handle = client.workflow.getHandle(workflowId);
  const position = await readStreamPosition(em, stream);
  let workflowStatus: string | null = null;
  let status: CompaniesHouseStreamStatus | null = null;
  try {
    workflowStatus = (await handle.describe()).status.name;
    if (workflowStatus === 'RUNNING') status = await handle.query(streamStatusQuery);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  return {
    stream,
    workflow_id: workflowId,
    workflow_status: workflowStatus,
    status,
    store_position: position && { timepoint: position.timepoint, published_at: position.publishedAt },
  };
}

async function signalRunning(
  client: Client,
  stream: string,
  send: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<void>,
) {
  const handle = client.workflow.getHandle(companiesHouseStreamWorkflowId(stream));
  try {
    await send(handle);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError)
      throw new ServiceError(
        'not_found',
        `no running consumer for the ${stream} stream: is COMPANIES_HOUSE_STREAM_KEY set on the worker, and the stream in COMPANIES_HOUSE_STREAMS?`,
      );
    throw error;
  }
}

export async function pauseStream(client: Client, stream: string): Promise<void> {
  await signalRunning(client, stream, (handle) => handle.signal(pauseStreamSignal));
}

export async function resumeStream(client: Client, stream: string): Promise<void> {
  await signalRunning(client, stream, (handle) => handle.signal(resumeStreamSignal));
}

/** From `timepoint` on (applied again where already applied), or from the live end with null. */
export async function resetStream(client: Client, stream: string, timepoint: number | null): Promise<void> {
  await signalRunning(client, stream, (handle) => handle.signal(resetStreamSignal, { timepoint }));
}
