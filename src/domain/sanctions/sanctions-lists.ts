import { z } from 'zod';

/*
 * The official sanctions lists this service can hold, in one table: screening, imports, Schedules, the account's
 * choice and the docs all name a list by its id here. Which of them a deployment actually holds is what has been
 * imported (sanctions_list_versions), not this table.
 */

export const sanctionsListIds = ['uk', 'ofac', 'eu', 'un'] as const;
export type SanctionsListId = (typeof sanctionsListIds)[number];
export const sanctionsListIdSchema = z.enum(sanctionsListIds);

export interface SanctionsListDefinition {
  id: SanctionsListId;
  name: string;
  publisher: string;
}

export const SANCTIONS_LISTS: Readonly<Record<SanctionsListId, SanctionsListDefinition>> = {
  uk: {
    id: 'uk',
    name: 'UK Sanctions List',
    publisher: 'Foreign, Commonwealth & Development Office (UK)',
  },
  ofac: {
    id: 'ofac',
    name: 'OFAC Specially Designated Nationals List',
    publisher: 'Office of Foreign Assets Control, US Department of the Treasury',
  },
  eu: {
    id: 'eu',
    name: 'EU Consolidated Financial Sanctions List',
    publisher: 'European Commission (Financial Sanctions Database)',
  },
  un: {
    id: 'un',
    name: 'UN Security Council Consolidated List',
    publisher: 'United Nations Security Council',
  },
};
