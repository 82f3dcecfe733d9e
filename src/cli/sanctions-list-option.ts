import { ServiceError } from '../domain/errors';
import { sanctionsListIds, type SanctionsListId } from '../domain/sanctions/sanctions-lists';
import type { CommandOptions } from './cli-options';

/** `--list uk|ofac|eu|un`; undefined when not given (each command says what that means). */
export function sanctionsListOption(options: CommandOptions): SanctionsListId | undefined {
  const value = options.list;
  if (value === undefined) return undefined;
  const list = sanctionsListIds.find((id) => id === value.trim().toLowerCase());
  if (list === undefined)
    throw new ServiceError(
      'invalid_argument',
      `--list ${JSON.stringify(value)} is not a sanctions list; the lists are ${sanctionsListIds.join(', ')}`,
      { list: value, lists: [...sanctionsListIds] },
    );
  return list;
}
