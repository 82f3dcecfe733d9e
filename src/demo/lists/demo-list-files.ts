import { demoEuListXml } from './demo-eu-list-xml';
import { onList, type DemoListDesignation } from './demo-list-designations';
import { demoOfacSdnCsv } from './demo-ofac-sdn-csv';
import { demoUnListXml } from './demo-un-list-xml';

/*
 * A demo list's files as an operator would download them (file name → bytes), the form the importer takes: the
 * UN's consolidated.xml, the EU's full XML v1.1 file, OFAC's four CSV files.
 */

export type DemoForeignListId = 'un' | 'eu' | 'ofac';

export function demoListFiles(
  list: DemoForeignListId,
  designations: readonly DemoListDesignation[],
  publishedAt: Date,
): Map<string, Buffer> {
  const on = onList(designations, list);
  switch (list) {
    case 'un':
      return new Map([['consolidated.xml', Buffer.from(demoUnListXml(on, publishedAt))]]);
    case 'eu':
      return new Map([['xmlFullSanctionsList_1_1.xml', Buffer.from(demoEuListXml(on, publishedAt))]]);
    case 'ofac':
      return new Map(Object.entries(demoOfacSdnCsv(on)).map(([name, text]) => [name, Buffer.from(text)]));
  }
}
