import { SANCTIONS_LISTS, type SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { sanctionsRefreshScheduleId } from '../../temporal/names';

/*
 * How each list is kept current, in one table: the environment variables naming its source, its daily Schedule,
 * and what its source holds. The configuration, the source reader, the Schedules, the CLI and the docs all read
 * this, so a fifth list is one row here.
 */

/**
 * What a source holds. One file: a folder stands for its newest file of the extension (operators drop each day's
 * download beside the last). OFAC's legacy CSV: sdn.csv and its companions, published side by side.
 */
export type SanctionsListFileLayout =
  { kind: 'one-file'; extension: '.csv' | '.xml' } | { kind: 'ofac-sdn-csv' };

export interface SanctionsListRefreshRule {
  /** An http(s) URL of the list (for OFAC: of SDN.CSV, the companions beside it). */
  urlVariable: string;
  /** A file, or a folder (see SanctionsListFileLayout). */
  fileVariable: string;
  scheduleId: string;
  files: SanctionsListFileLayout;
  /** The Schedule's summary in the Web UI. */
  summary: string;
}

const summaryOf = (list: SanctionsListId) =>
  `${SANCTIONS_LISTS[list].name} refresh: a new version when the published list changed`;

export const SANCTIONS_LIST_REFRESH = {
  // The UK's variables predate the other lists: existing installs keep theirs.
  uk: {
    urlVariable: 'SANCTIONS_LIST_URL',
    fileVariable: 'SANCTIONS_LIST_FILE',
    scheduleId: sanctionsRefreshScheduleId('uk'),
    files: { kind: 'one-file', extension: '.csv' },
    summary: summaryOf('uk'),
  },
  ofac: {
    urlVariable: 'SANCTIONS_OFAC_URL',
    fileVariable: 'SANCTIONS_OFAC_FILE',
    scheduleId: sanctionsRefreshScheduleId('ofac'),
    files: { kind: 'ofac-sdn-csv' },
    summary: summaryOf('ofac'),
  },
  eu: {
    urlVariable: 'SANCTIONS_EU_URL',
    fileVariable: 'SANCTIONS_EU_FILE',
    scheduleId: sanctionsRefreshScheduleId('eu'),
    files: { kind: 'one-file', extension: '.xml' },
    summary: summaryOf('eu'),
  },
  un: {
    urlVariable: 'SANCTIONS_UN_URL',
    fileVariable: 'SANCTIONS_UN_FILE',
    scheduleId: sanctionsRefreshScheduleId('un'),
    files: { kind: 'one-file', extension: '.xml' },
    summary: summaryOf('un'),
  },
} as const satisfies Record<SanctionsListId, SanctionsListRefreshRule>;
