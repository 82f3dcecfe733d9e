import { KYB_CHECKS_NOT_PERFORMED } from '../../../src/domain/kyb/kyb-checks-not-performed';
import { KYB_DISCLAIMER, type KybCheckResult } from '../../../src/domain/kyb/kyb-result';
import { winAnsiText } from '../../../src/web/kyb-pdf-text';
import { evidenceLines, kybRecordPdf } from '../../../src/web/kyb-record-pdf';
import { pdfText } from '../../support/pdf-text';

const check: KybCheckResult = {
  id: 'kyb_0123456789',
  created_at: '2026-11-20T10:15:00.000Z',
  client_reference: 'CASE-PDF-1',
  stated_company_name: 'Gateway Widgits Ltd',
  company_number: '01234567',
  company_name: 'GATEWAY WIDGETS LIMITED',
  outcome: 'refer',
  decided_by: 'name_close_match',
  decision: 'Referred: the stated name differs from the registered name.',
  reasons: [
    {
      code: 'name_close_match',
      outcome: 'refer',
      title: 'The stated name is not the registered name',
      detail: 'Gateway Widgits Ltd was stated; the register has GATEWAY WIDGETS LIMITED.',
      evidence: { stated: 'Gateway Widgits Ltd', registered: 'GATEWAY WIDGETS LIMITED', similarity: 0.91 },
    },
    {
      code: 'sanctions_potential_match',
      outcome: 'refer',
      title: 'A potential sanctions match',
      detail: 'An officer’s name is close to a designated person’s.',
      evidence: {
        matches: [
          {
            subject: { name: 'ŁUKASZ Żółć', role: 'officer' },
            score: 0.93,
            designation: { unique_id: 'RUS0001' },
          },
        ],
      },
    },
  ],
  checks_performed: [
    {
      check: 'name',
      description: 'The company on the register',
      outcome: 'refer',
      reason_codes: ['name_close_match'],
      detail: 'Found by number.',
    },
  ],
  checks_not_performed: [...KYB_CHECKS_NOT_PERFORMED],
  inputs: {
    as_of: '2026-11-20',
    company_snapshot_at: '2026-11-19T08:00:00.000Z',
    sanctions_list_versions: [{ list: 'uk', id: '42', published_on: '2026-11-01' }],
    health_model_version: 'health-3',
  },
  idempotency_key: null,
  disclaimer: KYB_DISCLAIMER,
};

const squeezed = (text: string) => text.replace(/\s+/g, ' ');

describe('a KYB check as a PDF for a compliance file', () => {
  it('holds the outcome, every reason code, its evidence, the inputs, the date made and the disclaimer', async () => {
    const pdf = await kybRecordPdf(check, new Date('2026-11-29T09:00:00.000Z'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squeezed(await pdfText(pdf));
    expect(text).toContain('Outcome: Refer (refer)');
    expect(text).toContain('Decided by: name_close_match');
    expect(text).toContain('name_close_match (refer)');
    expect(text).toContain('sanctions_potential_match (refer)');
    expect(text).toContain('similarity: 0.91');
    expect(text).toContain('unique_id: RUS0001');
    expect(text).toContain('CASE-PDF-1');
    expect(text).toContain('Made 29 Nov 2026, 09:00:00 UTC');
    expect(text).toContain('uk 42 (published 2026-11-01)');
    for (const missing of KYB_CHECKS_NOT_PERFORMED) expect(text).toContain(missing.check);
    expect(text).toContain(squeezed(KYB_DISCLAIMER));
    // Letters Helvetica's code page lacks are brought into it, never printed as other letters.
    expect(text).toContain('name: ?UKASZ Zó?c');
  });

  it('writes nested evidence as indented lines, keeping every field', () => {
    expect(evidenceLines({ a: 1, b: { c: null, d: ['x', 'y'] } })).toEqual([
      { text: 'a: 1', indent: 0 },
      { text: 'b:', indent: 0 },
      { text: 'c: none', indent: 1 },
      { text: 'd:', indent: 1 },
      { text: '1: x', indent: 2 },
      { text: '2: y', indent: 2 },
    ]);
  });

  it('brings text into the PDF font’s code page', () => {
    expect(winAnsiText('Café “Ltd” – Łódź\t€')).toBe('Café “Ltd” – ?ódz €');
  });
});
