import type { RegisteredOfficeAddress } from '../companies/company-profile';

/*
 * Since 4 March 2024 a registered office must be an "appropriate address" (Companies Act 2006 s.86, inserted by
 * s.28 of the Economic Crime and Corporate Transparency Act 2023): a document left there must reach someone
 * acting for the company and its delivery must be capable of acknowledgement. A PO box is neither, and neither is
 * a Freepost address (a reply-paid routing, not a place), so both are caught.
 *
 * Lines are compared with dots gone and spaces collapsed, so "P.O. Box", "P. O. Box" and "PO BOX 123" read alike.
 * "POBOX" run together counts only before a number ("POBOX 12"): a street named "Pobox Lane" is a place. "Post
 * Office" counts only followed by "Box": "Post Office Road" and "The Old Post Office" are places.
 */
const PATTERNS: readonly { kind: PoBoxKind; pattern: RegExp }[] = [
  { kind: 'po_box', pattern: /\bP ?O BOX\b/ },
  { kind: 'po_box', pattern: /\bPOBOX ?\d/ },
  { kind: 'po_box', pattern: /\bPOST OFFICE BOX\b/ },
  { kind: 'freepost', pattern: /\bFREEPOST\b/ },
];

export type PoBoxKind = 'po_box' | 'freepost';

export interface PoBoxFinding {
  kind: PoBoxKind;
  /** The address field that gave it away (po_box, address_line_1, …). */
  field: keyof RegisteredOfficeAddress;
  /** That field's text, as the register holds it. */
  text: string;
}

function comparable(text: string): string {
  return text.toUpperCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
}

/** Whether one line of an address names a PO box or a Freepost address. */
export function poBoxKindOf(line: string): PoBoxKind | null {
  const text = comparable(line);
  return PATTERNS.find(({ pattern }) => pattern.test(text))?.kind ?? null;
}

const LINES: readonly (keyof RegisteredOfficeAddress)[] = [
  'care_of',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
];

/** The first sign that a registered office is a PO box: the register's own po_box field, then each line. */
export function poBoxInAddress(address: RegisteredOfficeAddress): PoBoxFinding | null {
  if (address.po_box !== null && address.po_box.trim() !== '')
    return { kind: 'po_box', field: 'po_box', text: address.po_box };
  for (const field of LINES) {
    const text = address[field];
    const kind = text === null ? null : poBoxKindOf(text);
    if (kind !== null) return { kind, field, text: text! };
  }
  return null;
}
