import { createHash } from 'node:crypto';
import type { SanctionsDesignation } from './sanctions-designation';

/*
 * What a new list version changes against the designations held: added (new, or back after a removal),
 * amended (its record's hash differs), removed (held as current, absent from the new list). Pure, so the
 * rule is tested on its own; the importer writes what it returns.
 */

export interface HeldDesignation {
  contentSha256: string;
  removed: boolean;
}

export interface IncomingDesignation {
  designation: SanctionsDesignation;
  /** The record as stored: its JSON, and that JSON's SHA-256. */
  record: string;
  sha: string;
}

export interface ListVersionDiff {
  added: IncomingDesignation[];
  amended: IncomingDesignation[];
  /** Unique IDs held as current and absent from the new version. */
  removed: string[];
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function incomingDesignation(designation: SanctionsDesignation): IncomingDesignation {
  const record = JSON.stringify(designation);
  return { designation, record, sha: sha256Hex(record) };
}

export function diffListVersion(
  held: ReadonlyMap<string, HeldDesignation>,
  incoming: readonly IncomingDesignation[],
): ListVersionDiff {
  const diff: ListVersionDiff = { added: [], amended: [], removed: [] };
  const present = new Set<string>();
  for (const item of incoming) {
    present.add(item.designation.unique_id);
    const before = held.get(item.designation.unique_id);
    if (before === undefined || before.removed) diff.added.push(item);
    else if (before.contentSha256 !== item.sha) diff.amended.push(item);
  }
  for (const [uniqueId, before] of held)
    if (!before.removed && !present.has(uniqueId)) diff.removed.push(uniqueId);
  return diff;
}

/** The top-level fields of a designation's record that differ between two versions of it. */
export function changedFields(before: SanctionsDesignation, after: SanctionsDesignation): string[] {
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}
