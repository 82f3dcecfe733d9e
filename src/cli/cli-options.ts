import type { Orm } from '../db/orm';
import { ServiceError } from '../domain/errors';

/* What every operator command takes, and how its options are read and refused. */

export type CommandOptions = Record<string, string | undefined>;

/** One command: prints its result as one JSON document on stdout (cli.ts). */
export type Command = (orm: Orm, options: CommandOptions, positionals: string[]) => Promise<unknown>;

export function required(options: CommandOptions, name: string): string {
  const value = options[name];
  if (!value) throw new ServiceError('invalid_argument', `--${name} is required`);
  return value;
}

export function optionalCount(options: CommandOptions, name: string, min = 0): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ServiceError('invalid_argument', `--${name} must be a whole number, at least ${min}`);
  return n;
}

export function optionalInteger(options: CommandOptions, name: string): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new ServiceError('invalid_argument', `--${name} must be a whole number`);
  return n;
}

export function optionalDay(options: CommandOptions, name: string): Date | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    throw new ServiceError('invalid_argument', `--${name} must be a date, YYYY-MM-DD`);
  return day;
}
