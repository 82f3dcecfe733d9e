import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../../db/entities/company';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError, type ErrorCode } from '../../../domain/errors';
import { IxbrlDocumentError, parseIxbrlDocument } from '../accounts/ixbrl-document';
import { mapAccountsMeasures } from '../accounts/ixbrl-measures';
import { accountsCompanyNumber, importAccountsDocument } from '../resources/filed-accounts';
import type { ResourceImportContext, ResourceImportOutcome } from '../../writers/company-resource-import';
import { CompaniesHouseError } from './companies-house-errors';
import { documentIdFromMetadataUrl, type DocumentClient } from './document-client';

/*
 * A new accounts filing, live: its document's metadata from the Document API says which formats it exists in;
 * when one is inline XBRL (electronically filed accounts), that version is fetched and goes through the same
 * accounts importer as the bulk files, so the figures, the financials_available change and
 * get_financial_history are the same whichever way the document came. Paper and PDF-only filings have no
 * figures to read: the filing history already lists them as scanned years.
 *
 * Outcomes are plain data (a Temporal activity returns them). Problems with the document itself are a
 * `refused` outcome, not an exception: fetching it again would bring the same document. Companies House being
 * unreachable, rate limiting or refusing the key is thrown (CompaniesHouseError), for the caller to retry later.
 */

/** The filing as the filing history (REST or the filings stream) describes it. */
export interface AccountsFiling {
  transactionId: string;
  /** `links.document_metadata`: an absolute URL (…/document/{id}); null when the filing has no document. */
  documentMetadataUrl: string | null;
  /** `description_values.made_up_date`, when the filing states it: the document must report that year end. */
  madeUpDate: string | null;
}

export type AccountsFilingOutcome =
  | { status: 'imported'; documentId: string; document: string; result: ResourceImportOutcome }
  /** The document exists only in other formats (a scanned paper filing, a PDF). */
  | { status: 'no_inline_xbrl'; documentId: string; formats: string[] }
  /** The filing links no document. */
  | { status: 'no_document' }
  /** The Document API has no such document (or no content for it). */
  | { status: 'not_found'; documentId: string }
  /** The register holds no such company: nothing is fetched (figures hang off a register entry). */
  | { status: 'unknown_company' }
  | {
      status: 'refused';
      documentId: string | null;
      error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
    };

export const INLINE_XBRL_TYPE = 'application/xhtml+xml';

/**
 * The name the figures are stored under (get_accounts' document.name): the filing's own path on the REST API,
 * stable across fetches so a second import of the same filing is recognised as the same document.
 */
export function liveAccountsDocumentName(companyNumber: string, transactionId: string): string {
  return `company/${companyNumber}/filing-history/${transactionId}`;
}

export async function importAccountsFiling(
  em: EntityManager,
  documents: DocumentClient,
  companyNumber: string,
  filing: AccountsFiling,
  context: ResourceImportContext,
): Promise<AccountsFilingOutcome> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) return refused(null, new ServiceError('invalid_company_number', number.message));
  companyNumber = number.companyNumber;
  if (filing.documentMetadataUrl === null) return { status: 'no_document' };
  const documentId = documentIdFromMetadataUrl(filing.documentMetadataUrl);
  if (documentId === null)
    return refused(
      null,
      new ServiceError('invalid_argument', 'links.document_metadata is not a Document API metadata link', {
        document_metadata: filing.documentMetadataUrl,
      }),
    );
  const held = await em.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
  if (held === null) return { status: 'unknown_company' };

  try {
    const metadata = await documents.metadata(documentId);
    if (metadata.status === 'not_found') return { status: 'not_found', documentId };
    const stated = metadata.metadata.company_number;
    if (stated !== undefined && normalised(stated) !== companyNumber)
      return refused(
        documentId,
        new ServiceError('invalid_argument', `document ${documentId} belongs to company ${stated}`, {
          company_number: companyNumber,
          document_company_number: stated,
        }),
      );
    const formats = Object.keys(metadata.metadata.resources);
    if (!formats.includes(INLINE_XBRL_TYPE)) return { status: 'no_inline_xbrl', documentId, formats };

    const content = await documents.content(documentId, INLINE_XBRL_TYPE);
    if (content.status === 'not_found') return { status: 'not_found', documentId };
    if (content.status === 'not_available') return { status: 'no_inline_xbrl', documentId, formats };

    const document = liveAccountsDocumentName(companyNumber, filing.transactionId);
    const source = new TextDecoder('utf-8').decode(content.body);
    checkDocumentIsTheFiling(source, document, companyNumber, filing.madeUpDate);
    const result = await importAccountsDocument(em, source, document, context);
    return { status: 'imported', documentId, document, result };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'invalid_argument') return refused(documentId, error);
    // A body that is not what the Document API promises (or too large) is the same body next time.
    if (error instanceof CompaniesHouseError && error.kind === 'bad_response')
      return refused(
        documentId,
        new ServiceError('invalid_argument', error.message, { document_id: documentId, problem: error.kind }),
      );
    throw error;
  }
}

/**
 * The accounts importer files figures under the company the document itself names; a live document must also
 * be the one the filing says it is (that company, that year end), or its figures would land on the wrong
 * company or year. A body that is not inline XBRL at all is left to the importer, which refuses it in its own
 * words.
 */
function checkDocumentIsTheFiling(
  source: string,
  document: string,
  companyNumber: string,
  madeUpDate: string | null,
): void {
  let accounts;
  try {
    accounts = mapAccountsMeasures(parseIxbrlDocument(source));
  } catch (error) {
    if (error instanceof IxbrlDocumentError) return;
    throw error;
  }
  const stated = accountsCompanyNumber(accounts, document);
  if (stated !== companyNumber)
    throw new ServiceError(
      'invalid_argument',
      `${document}: the document states company number ${stated}, not ${companyNumber}`,
      { document, field: 'UKCompaniesHouseRegisteredNumber' },
    );
  const periodEnd =
    accounts.years.find((year) => year.origin === 'filed')?.period_end ?? accounts.balance_sheet_date;
  if (madeUpDate !== null && periodEnd !== null && periodEnd !== madeUpDate)
    throw new ServiceError(
      'invalid_argument',
      `${document}: the document reports a year ending ${periodEnd} but the filing is made up to ${madeUpDate}`,
      { document, field: 'BalanceSheetDate' },
    );
}

function normalised(companyNumber: string): string {
  const result = normaliseCompanyNumber(companyNumber);
  return result.ok ? result.companyNumber : companyNumber;
}

function refused(documentId: string | null, error: ServiceError): AccountsFilingOutcome {
  return {
    status: 'refused',
    documentId,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
}
