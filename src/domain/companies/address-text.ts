import type { z } from 'zod';
import type { registeredOfficeAddressSchema } from './company-profile';

type Address = Partial<z.infer<typeof registeredOfficeAddressSchema>>;

/**
 * A registered office on one line, as alerts and the company page write it: "c/o", "PO Box", the lines, town,
 * region, postcode and country, the parts the register holds, comma-separated. Empty when it holds none.
 */
export function addressText(address: Address): string {
  return [
    address.care_of ? `c/o ${address.care_of}` : null,
    address.po_box ? `PO Box ${address.po_box}` : null,
    address.address_line_1,
    address.address_line_2,
    address.locality,
    address.region,
    address.postal_code,
    address.country,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}
