import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

// The topology's processes run detached, each the leader of its own process group with its output in a log
// file, so that they outlive `run.ts up` (as containers outlive `docker compose up -d`) and a signal to the
// group reaches everything the process started.

export function startDetached(options: {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}): number {
  const out = openSync(options.logFile, 'w');
  try {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', out, out],
    });
    if (child.pid === undefined) throw new Error(`could not start ${options.command}`);
    child.unref();
    return child.pid;
  } finally {
    closeSync(out);
  }
}

/** Live (non-zombie) members of the process group `pgid`, read from /proc. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z' && Number(fields[2]) === pgid) members.push(Number(entry));
  }
  return members;
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no live process is left in the group; false when `timeoutMs` passed first. */
export async function waitForGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupMembers(pgid).length > 0) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** SIGTERM to the group (the service drains), SIGKILL to what is left after `graceMs`. */
export async function stopGroup(pgid: number, graceMs: number): Promise<'stopped' | 'killed'> {
  signalGroup(pgid, 'SIGTERM');
  if (await waitForGroupGone(pgid, graceMs)) return 'stopped';
  signalGroup(pgid, 'SIGKILL');
  if (!(await waitForGroupGone(pgid, 10_000)))
    throw new Error(`process group ${pgid} is still alive after SIGKILL`);
  return 'killed';
}

/** kill -9 of the whole group, as a machine or container dying would; resolves once it is gone. */
export async function killGroup(pgid: number): Promise<void> {
  signalGroup(pgid, 'SIGKILL');
  if (!(await waitForGroupGone(pgid, 10_000)))
    throw new Error(`process group ${pgid} is still alive after SIGKILL`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls `probe` until it returns a value (a probe that throws counts as "not yet": a server still starting
 * refuses connections); the error names what was awaited. `giveUp` ends the wait at once with its reason.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  options: { everyMs?: number; giveUp?: () => string | undefined } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    const reason = options.giveUp?.();
    if (reason !== undefined) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(options.everyMs ?? 250);
  }
}

/** Whether the process is alive (a zombie, killed but not yet reaped, is not). */
export function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
