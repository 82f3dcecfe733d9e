import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// What `run.ts up` started, written where `prove.ts` and `run.ts down` find it: the topology outlives the
// command that started it, as `docker compose up -d` does, so the processes are remembered by pid and port.

export const projectRoot = resolve(__dirname, '..', '..');
export const toolsBin = join(projectRoot, '.tools', 'bin');
export const temporalHome = join(projectRoot, '.tools', 'temporal-server');
/** Logs, the server's config and state.json of the current run (under the git-ignored .tools/). */
export const runDir = join(projectRoot, '.tools', 'topology');
const stateFile = join(runDir, 'state.json');

export const nodeEnvSchema = z.enum(['production', 'development']);
export type NodeEnv = z.infer<typeof nodeEnvSchema>;

const processSchema = z.object({
  name: z.string(),
  pid: z.number().int(),
  logFile: z.string(),
  /** Every port the process listens on, checked closed at `down`. */
  ports: z.array(z.number().int()),
});
export type ProcessRecord = z.infer<typeof processSchema>;

export const topologyStateSchema = z.object({
  startedAt: z.iso.datetime(),
  /** The PostgreSQL server's maintenance database, where databases are created and dropped. */
  postgresAdminUrl: z.string(),
  databases: z.object({ app: z.string(), temporal: z.string(), visibility: z.string() }),
  appDatabaseUrl: z.string(),
  /** null until the server has been started. */
  temporal: processSchema
    .extend({ address: z.string(), namespace: z.string(), version: z.string() })
    .nullable(),
  taskQueue: z.string(),
  changeCheckIntervalSeconds: z.number().int(),
  nodeEnv: nodeEnvSchema,
  /** The loopback receiver's port that WEBHOOK_DEV_ALLOWED_ORIGINS lets through (development only). */
  receiverPort: z.number().int().nullable(),
  apis: z.array(processSchema.extend({ url: z.string() })),
  workers: z.array(processSchema),
});
export type TopologyState = z.infer<typeof topologyStateSchema>;

export function readState(): TopologyState | undefined {
  if (!existsSync(stateFile)) return undefined;
  return topologyStateSchema.parse(JSON.parse(readFileSync(stateFile, 'utf8')));
}

export function requireState(): TopologyState {
  const state = readState();
  if (!state) throw new Error(`no topology is running (no ${stateFile}): start one with run.ts up`);
  return state;
}

export function writeState(state: TopologyState): void {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(stateFile, `${JSON.stringify(topologyStateSchema.parse(state), null, 2)}\n`);
}

export function clearState(): void {
  rmSync(stateFile, { force: true });
}

/** Prefixed lines on stdout: CI logs read as a sequence of steps. */
export function say(message: string): void {
  console.log(`[topology] ${message}`);
}
