import PDFDocument from 'pdfkit';
import type { KybCheckResult } from '../domain/kyb/kyb-result';
import { winAnsiText } from './kyb-pdf-text';
import { OUTCOME_TEXT } from './pages/kyb-outcome';
import { utcText } from './pages/utc-time';

/*
 * A KYB check's record as a PDF for a compliance file: the same content as its page and its JSON (every reason
 * with its whole evidence, what was and was not checked, the inputs), dated when it was made, with the
 * disclaimer the result carries. pdfkit with its built-in Helvetica, so nothing is fetched or embedded from
 * outside the service.
 */

interface Line {
  text: string;
  indent: number;
}

/** Evidence as indented "key: value" lines, nested objects and lists a level deeper, no field left out. */
export function evidenceLines(value: unknown, indent = 0, key?: string): Line[] {
  const label = key === undefined ? '' : `${key}: `;
  if (value === null || value === undefined) return [{ text: `${label}none`, indent }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ text: `${label}none`, indent }];
    const items = value.flatMap((item, index) => evidenceLines(item, indent + 1, `${index + 1}`));
    return key === undefined ? items : [{ text: `${key}:`, indent }, ...items];
  }
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).flatMap(([name, field]) =>
      evidenceLines(field, key === undefined ? indent : indent + 1, name),
    );
    return key === undefined ? fields : [{ text: `${key}:`, indent }, ...fields];
  }
  return [{ text: `${label}${String(value)}`, indent }];
}

const MARGIN = 50;
const INDENT = 14;

export async function kybRecordPdf(check: KybCheckResult, madeAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: winAnsiText(`KYB check ${check.id}: ${check.client_reference}`),
      Subject: 'KYB check record',
      CreationDate: madeAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const heading = (text: string) => {
    doc
      .moveDown(0.8)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(winAnsiText(text), MARGIN, undefined, { width });
    doc.moveDown(0.2).font('Helvetica').fontSize(10);
  };
  const line = (text: string, indent = 0) =>
    doc.text(winAnsiText(text), MARGIN + indent * INDENT, undefined, { width: width - indent * INDENT });
  const field = (name: string, value: string) => {
    doc.font('Helvetica-Bold').text(winAnsiText(`${name}: `), MARGIN, undefined, { continued: true, width });
    doc.font('Helvetica').text(winAnsiText(value));
  };

  doc.font('Helvetica-Bold').fontSize(18).text(winAnsiText('KYB check record'), { width });
  doc.font('Helvetica').fontSize(10);
  line(`Made ${utcText(madeAt.toISOString())} from the check run ${utcText(check.created_at)}.`);

  heading('Outcome');
  field('Outcome', `${OUTCOME_TEXT[check.outcome]} (${check.outcome})`);
  field('Decided by', check.decided_by);
  field('Why', check.decision);
  field('Client reference', check.client_reference);
  field('Company name as stated', check.stated_company_name);
  field(
    'Company checked',
    check.company_number === null
      ? 'none identified'
      : `${check.company_name ?? ''} (${check.company_number})`.trim(),
  );
  field('Check id', check.id);
  field('Idempotency key', check.idempotency_key ?? 'none');

  heading(`Reasons (${check.reasons.length})`);
  if (check.reasons.length === 0) line('No reason to refer or fail: every check performed passed.');
  for (const reason of check.reasons) {
    doc.moveDown(0.4).font('Helvetica-Bold');
    line(`${reason.code} (${reason.outcome}): ${reason.title}`);
    doc.font('Helvetica');
    line(reason.detail);
    line('Evidence:');
    for (const evidence of evidenceLines(reason.evidence)) line(evidence.text, evidence.indent + 1);
  }

  heading('Checks performed');
  for (const performed of check.checks_performed) {
    doc.font('Helvetica-Bold');
    line(`${performed.check}: ${performed.outcome}`);
    doc.font('Helvetica');
    line(performed.description, 1);
    line(performed.detail, 1);
    if (performed.reason_codes.length > 0) line(`Reasons: ${performed.reason_codes.join(', ')}`, 1);
  }

  heading('Not checked (a pass says nothing about these)');
  for (const missing of check.checks_not_performed) line(`${missing.check}: ${missing.why}`);

  heading('Inputs');
  field('Judged as of', check.inputs.as_of);
  field(
    'Register record read',
    check.inputs.company_snapshot_at === null ? 'none' : utcText(check.inputs.company_snapshot_at),
  );
  field(
    'Sanctions list versions',
    check.inputs.sanctions_list_versions.length === 0
      ? 'none screened'
      : check.inputs.sanctions_list_versions
          .map((v) => `${v.list} ${v.id}${v.published_on ? ` (published ${v.published_on})` : ''}`)
          .join('; '),
  );
  field('Health model', check.inputs.health_model_version ?? 'none used');

  heading('Disclaimer');
  line(check.disclaimer);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
