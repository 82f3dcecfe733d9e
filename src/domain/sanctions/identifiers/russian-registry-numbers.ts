/*
 * Russian registry numbers as the Federal Tax Service issues them, each with check digits, so that a mistyped
 * number is refused rather than compared: the INN (taxpayer number: 10 digits for an organisation, 12 for an
 * individual or sole trader) and the OGRN (primary state registration number: 13 digits, 15 as OGRNIP for a sole
 * trader).
 */

const INN_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_12_FIRST = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_12_SECOND = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innCheck(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return (sum % 11) % 10;
}

export function isValidInn(digits: string): boolean {
  if (/^\d{10}$/.test(digits)) return innCheck(digits, INN_10) === Number(digits[9]);
  if (/^\d{12}$/.test(digits))
    return (
      innCheck(digits, INN_12_FIRST) === Number(digits[10]) &&
      innCheck(digits, INN_12_SECOND) === Number(digits[11])
    );
  return false;
}

/** The OGRN's last digit is the rest of the number modulo 11 (13 digits) or 13 (15 digits), then modulo 10. */
export function isValidOgrn(digits: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(digits)) return false;
  const modulus = digits.length === 13 ? 11n : 13n;
  const check = (BigInt(digits.slice(0, -1)) % modulus) % 10n;
  return check === BigInt(digits.slice(-1));
}
