import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { ServiceError } from '../../../domain/errors';

/* How the API-resource importers read a file and refuse one that is not what it claims to be. */

/** The first problem of a resource that fails its schema, naming the source, the item and the field. */
export function refuseResource(source: string, error: z.ZodError): ServiceError {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const where = path.length > 0 ? path.map(String).join('.') : '(document)';
  return new ServiceError('invalid_argument', `${source}: ${where}: ${issue?.message ?? 'invalid'}`, {
    source,
    field: where,
    problems: error.issues.map((i) => ({
      field: i.path.map(String).join('.') || '(document)',
      problem: i.message,
    })),
  });
}

/** A JSON file's parsed content; a missing or malformed file is refused naming it. */
export async function readResourceFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ServiceError('invalid_argument', `${path}: cannot be read (${(error as Error).message})`, {
      source: path,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ServiceError('invalid_argument', `${path}: not JSON (${(error as Error).message})`, {
      source: path,
    });
  }
}
