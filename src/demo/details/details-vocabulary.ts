// The words the demo company details are made of: people's names, nationalities and occupations, lenders, and
// insolvency practitioners' firms. Data only; the demo-details generators draw from it.

export const MALE_FORENAMES = [
  'JAMES', 'JOHN', 'DAVID', 'MICHAEL', 'PAUL', 'ANDREW', 'MARK', 'RICHARD', 'PETER', 'STEPHEN',
  'CHRISTOPHER', 'DANIEL', 'THOMAS', 'MATTHEW', 'ROBERT', 'SIMON', 'IAN', 'GARY', 'NEIL', 'ALAN',
  'GRAHAM', 'STUART', 'KEVIN', 'MARTIN', 'JONATHAN', 'ADAM', 'BEN', 'SAMUEL', 'OLIVER', 'HARRY',
  'RAJESH', 'MOHAMMED', 'PIOTR', 'TOMASZ', 'LUCA', 'CONOR', 'EWAN', 'RHYS', 'GARETH', 'ALEKSANDR',
]; // prettier-ignore

export const FEMALE_FORENAMES = [
  'SARAH', 'EMMA', 'CLAIRE', 'LISA', 'KAREN', 'HELEN', 'JULIE', 'RACHEL', 'NICOLA', 'LOUISE',
  'JOANNE', 'SUSAN', 'ELIZABETH', 'CATHERINE', 'VICTORIA', 'LAURA', 'HANNAH', 'SOPHIE', 'CHARLOTTE', 'AMY',
  'PRIYA', 'FATIMA', 'ANNA', 'AGNIESZKA', 'MARIA', 'SIOBHAN', 'FIONA', 'AILSA', 'CERYS', 'BETHAN',
]; // prettier-ignore

export const SURNAMES = [
  'SMITH', 'JONES', 'WILLIAMS', 'TAYLOR', 'BROWN', 'DAVIES', 'EVANS', 'WILSON', 'THOMAS', 'JOHNSON',
  'ROBERTS', 'ROBINSON', 'THOMPSON', 'WRIGHT', 'WALKER', 'WHITE', 'EDWARDS', 'HUGHES', 'GREEN', 'HALL',
  'LEWIS', 'HARRIS', 'CLARKE', 'PATEL', 'JACKSON', 'WOOD', 'TURNER', 'MARTIN', 'COOPER', 'HILL',
  'WARD', 'MORRIS', 'MOORE', 'CLARK', 'LEE', 'KING', 'BAKER', 'HARRISON', 'MORGAN', 'ALLEN',
  'JAMES', 'SCOTT', 'PHILLIPS', 'WATSON', 'DAVIS', 'PARKER', 'PRICE', 'BENNETT', 'YOUNG', 'GRIFFITHS',
  'MITCHELL', 'KELLY', 'COOK', 'CARTER', 'RICHARDSON', 'BAILEY', 'COLLINS', 'BELL', 'SHAW', 'MURPHY',
  'MILLER', 'COX', 'RICHARDS', 'KHAN', 'MARSHALL', 'ANDERSON', 'SIMPSON', 'ELLIS', 'ADAMS', 'SINGH',
  'BEGUM', 'WILKINSON', 'FOSTER', 'CHAPMAN', 'POWELL', 'WEBB', 'ROGERS', 'GRAY', 'MASON', 'ALI',
  'HUNT', 'HUSSAIN', 'CAMPBELL', 'MATTHEWS', 'OWEN', 'PALMER', 'HOLMES', 'MILLS', 'BARNES', 'KNIGHT',
  'LLOYD', 'BUTLER', 'RUSSELL', 'BARKER', 'FISHER', 'STEVENS', 'JENKINS', 'MACDONALD', 'KOWALSKI', 'NOWAK',
]; // prettier-ignore

/** [nationality, weight]: mostly British, as on the register. */
export const NATIONALITIES: readonly (readonly [string, number])[] = [
  ['British', 78], ['Irish', 3], ['Polish', 3], ['Indian', 3], ['Romanian', 2], ['Italian', 2], ['Chinese', 2],
  ['Pakistani', 1], ['Portuguese', 1], ['Spanish', 1], ['German', 1], ['French', 1], ['American', 1], ['Nigerian', 1],
]; // prettier-ignore

export const OCCUPATIONS = [
  'Director', 'Company Director', 'Managing Director', 'Accountant', 'Engineer', 'Consultant', 'Solicitor',
  'Builder', 'Chef', 'Retailer', 'Software Developer', 'Farmer', 'Electrician', 'Surveyor', 'Architect',
  'Business Owner', 'Plumber', 'Designer', 'Chartered Accountant', 'Sales Director',
]; // prettier-ignore

/** Lenders that take charges over companies' assets: the persons entitled on a charge. */
export const LENDERS = [
  'HSBC UK BANK PLC', 'LLOYDS BANK PLC', 'BARCLAYS BANK UK PLC', 'NATIONAL WESTMINSTER BANK PLC',
  'SANTANDER UK PLC', 'THE ROYAL BANK OF SCOTLAND PLC', 'BANK OF SCOTLAND PLC', 'ALDERMORE BANK PLC',
  'SHAWBROOK BANK LIMITED', 'METRO BANK PLC', 'CLYDESDALE BANK PLC', 'COUTTS & COMPANY',
]; // prettier-ignore

/** Made-up insolvency practice firms, with the town their office is in. */
export const PRACTITIONER_FIRMS: readonly (readonly [firm: string, street: string, town: string, postcode: string])[] = [
  ['HARTWELL RECOVERY LLP', '12 King Street', 'Manchester', 'M2 4LQ'],
  ['BRAMLEY INSOLVENCY LIMITED', '3 Park Row', 'Leeds', 'LS1 5HD'],
  ['ASHCOMBE RESTRUCTURING LLP', '40 Gracechurch Street', 'London', 'EC3V 0BT'],
  ['NORTHGATE BUSINESS RECOVERY LIMITED', '8 Colmore Row', 'Birmingham', 'B3 2BJ'],
  ['FORTH ADVISORY LLP', '21 St Vincent Place', 'Glasgow', 'G1 2DT'],
  ['SEVERN INSOLVENCY PRACTITIONERS LIMITED', '5 Queen Square', 'Bristol', 'BS1 4JQ'],
]; // prettier-ignore

export const CHARGE_CLASSIFICATIONS = [
  'A registered charge',
  'Debenture',
  'Legal charge',
  'Fixed and floating charge',
];

export const CHARGE_PARTICULARS = [
  'Contains fixed charge. Contains floating charge. Floating charge covers all the property or undertaking of the company. Contains negative pledge.',
  'The freehold property known as the land and buildings at the registered office.',
  'All monies due or to become due from the company to the chargee on any account whatsoever.',
  'Contains fixed charge. Contains negative pledge.',
];
