/*
 * IMO ship numbers: seven digits, the last a check digit (the first six weighted 7, 6, 5, 4, 3, 2, the sum's last
 * digit; SOLAS regulation XI/1-3 and IMO resolution A.1117(30)). A number failing its check is a typo on one side
 * or not an IMO number at all, and neither is evidence that two ships are one.
 */

export function isValidImoNumber(digits: string): boolean {
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
}
