import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { dayNumber, daysInMonth, fromDayNumber } from '../domain/companies/register-dates';
import { BASIC_COMPANY_DATA_HEADER_LINE } from './companies-csv';

/*
 * A made-up but plausible register, written in the bulk company CSV layout so it goes through the same importer
 * as the real file. Deterministic: the output depends only on (companies, seed, asOf), never on the clock, so a
 * benchmark or a test can regenerate the exact bytes. Rows are produced one at a time and written in chunks that
 * wait for 'drain': a million companies never sit in memory.
 */

export interface DemoRegisterOptions {
  companies: number;
  seed?: number;
  /** Due dates, overdue filings and dissolutions are laid out relative to this day. */
  asOf: Date;
  /** End `out` and wait for it to finish (default); false leaves it open, for stdout. */
  end?: boolean;
}

/** Bounded by the Scottish SC number range (6 digits) at the share of Scottish companies generated. */
export const DEMO_REGISTER_MAX_COMPANIES = 5_000_000;

const CHUNK_CHARS = 1 << 16;

export async function writeDemoRegisterCsv(out: Writable, options: DemoRegisterOptions): Promise<void> {
  const { companies, seed = 1, end = true } = options;
  if (!Number.isInteger(companies) || companies < 0 || companies > DEMO_REGISTER_MAX_COMPANIES) {
    throw new RangeError(`companies must be a whole number from 0 to ${DEMO_REGISTER_MAX_COMPANIES}`);
  }
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfMs = options.asOf.getTime();
  if (Number.isNaN(asOfMs)) throw new RangeError('asOf is not a valid date');

  const register = new DemoRegister(companies, seed, Math.floor(asOfMs / 86_400_000));
  let chunk = BASIC_COMPANY_DATA_HEADER_LINE + '\n';
  for (let i = 0; i < companies; i++) {
    chunk += register.row(i);
    if (chunk.length >= CHUNK_CHARS) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  if (chunk.length > 0 && !out.write(chunk)) await once(out, 'drain');
  if (end) {
    out.end();
    await finished(out);
  }
}

/** Tommy Ettinger's mulberry32: tiny, fast, and good enough to make data look random. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Nation = 'england' | 'wales' | 'scotland' | 'northern-ireland';

interface Town {
  town: string;
  county: string;
  nation: Nation;
  /** Postcode areas with their district range, so postcodes match the town. */
  areas: readonly (readonly [area: string, first: number, last: number])[];
  weight: number;
}

const TOWNS: readonly Town[] = [
  {
    town: 'LONDON',
    county: '',
    nation: 'england',
    areas: [
      ['E', 1, 18],
      ['N', 1, 22],
      ['NW', 1, 11],
      ['SE', 1, 28],
      ['SW', 1, 20],
      ['W', 1, 14],
    ],
    weight: 18,
  },
  { town: 'MANCHESTER', county: 'GREATER MANCHESTER', nation: 'england', areas: [['M', 1, 40]], weight: 6 },
  { town: 'BIRMINGHAM', county: 'WEST MIDLANDS', nation: 'england', areas: [['B', 1, 48]], weight: 5 },
  { town: 'LEEDS', county: 'WEST YORKSHIRE', nation: 'england', areas: [['LS', 1, 29]], weight: 4 },
  { town: 'SHEFFIELD', county: 'SOUTH YORKSHIRE', nation: 'england', areas: [['S', 1, 36]], weight: 3 },
  { town: 'BRISTOL', county: '', nation: 'england', areas: [['BS', 1, 16]], weight: 3 },
  { town: 'LIVERPOOL', county: 'MERSEYSIDE', nation: 'england', areas: [['L', 1, 38]], weight: 3 },
  {
    town: 'NEWCASTLE UPON TYNE',
    county: 'TYNE AND WEAR',
    nation: 'england',
    areas: [['NE', 1, 15]],
    weight: 2,
  },
  { town: 'NOTTINGHAM', county: 'NOTTINGHAMSHIRE', nation: 'england', areas: [['NG', 1, 17]], weight: 2 },
  { town: 'LEICESTER', county: 'LEICESTERSHIRE', nation: 'england', areas: [['LE', 1, 19]], weight: 2 },
  { town: 'READING', county: 'BERKSHIRE', nation: 'england', areas: [['RG', 1, 10]], weight: 2 },
  { town: 'COVENTRY', county: 'WEST MIDLANDS', nation: 'england', areas: [['CV', 1, 8]], weight: 1 },
  { town: 'OXFORD', county: 'OXFORDSHIRE', nation: 'england', areas: [['OX', 1, 4]], weight: 1 },
  { town: 'CAMBRIDGE', county: 'CAMBRIDGESHIRE', nation: 'england', areas: [['CB', 1, 5]], weight: 1 },
  { town: 'NORWICH', county: 'NORFOLK', nation: 'england', areas: [['NR', 1, 14]], weight: 1 },
  { town: 'IPSWICH', county: 'SUFFOLK', nation: 'england', areas: [['IP', 1, 10]], weight: 1 },
  { town: 'BRIGHTON', county: 'EAST SUSSEX', nation: 'england', areas: [['BN', 1, 3]], weight: 1 },
  { town: 'SOUTHAMPTON', county: 'HAMPSHIRE', nation: 'england', areas: [['SO', 14, 19]], weight: 1 },
  { town: 'PORTSMOUTH', county: 'HAMPSHIRE', nation: 'england', areas: [['PO', 1, 6]], weight: 1 },
  { town: 'EXETER', county: 'DEVON', nation: 'england', areas: [['EX', 1, 4]], weight: 1 },
  { town: 'PLYMOUTH', county: 'DEVON', nation: 'england', areas: [['PL', 1, 9]], weight: 1 },
  { town: 'YORK', county: 'NORTH YORKSHIRE', nation: 'england', areas: [['YO', 23, 32]], weight: 1 },
  { town: 'HULL', county: 'EAST YORKSHIRE', nation: 'england', areas: [['HU', 1, 17]], weight: 1 },
  { town: 'STOKE-ON-TRENT', county: 'STAFFORDSHIRE', nation: 'england', areas: [['ST', 1, 12]], weight: 1 },
  { town: 'DERBY', county: 'DERBYSHIRE', nation: 'england', areas: [['DE', 1, 24]], weight: 1 },
  { town: 'MILTON KEYNES', county: 'BUCKINGHAMSHIRE', nation: 'england', areas: [['MK', 1, 19]], weight: 1 },
  { town: 'GUILDFORD', county: 'SURREY', nation: 'england', areas: [['GU', 1, 5]], weight: 1 },
  { town: 'CHELMSFORD', county: 'ESSEX', nation: 'england', areas: [['CM', 1, 3]], weight: 1 },
  { town: 'MAIDSTONE', county: 'KENT', nation: 'england', areas: [['ME', 14, 17]], weight: 1 },
  { town: 'CANTERBURY', county: 'KENT', nation: 'england', areas: [['CT', 1, 4]], weight: 1 },
  { town: 'BATH', county: 'SOMERSET', nation: 'england', areas: [['BA', 1, 2]], weight: 1 },
  { town: 'GLOUCESTER', county: 'GLOUCESTERSHIRE', nation: 'england', areas: [['GL', 1, 4]], weight: 1 },
  { town: 'PRESTON', county: 'LANCASHIRE', nation: 'england', areas: [['PR', 1, 5]], weight: 1 },
  { town: 'CARDIFF', county: 'SOUTH GLAMORGAN', nation: 'wales', areas: [['CF', 10, 24]], weight: 2 },
  { town: 'SWANSEA', county: 'WEST GLAMORGAN', nation: 'wales', areas: [['SA', 1, 7]], weight: 1 },
  { town: 'WREXHAM', county: 'CLWYD', nation: 'wales', areas: [['LL', 11, 14]], weight: 1 },
  { town: 'EDINBURGH', county: 'MIDLOTHIAN', nation: 'scotland', areas: [['EH', 1, 17]], weight: 3 },
  { town: 'GLASGOW', county: 'LANARKSHIRE', nation: 'scotland', areas: [['G', 1, 53]], weight: 3 },
  { town: 'ABERDEEN', county: 'ABERDEENSHIRE', nation: 'scotland', areas: [['AB', 10, 25]], weight: 1 },
  { town: 'DUNDEE', county: 'ANGUS', nation: 'scotland', areas: [['DD', 1, 5]], weight: 1 },
  { town: 'INVERNESS', county: 'INVERNESS-SHIRE', nation: 'scotland', areas: [['IV', 1, 3]], weight: 1 },
  { town: 'BELFAST', county: 'COUNTY ANTRIM', nation: 'northern-ireland', areas: [['BT', 1, 17]], weight: 2 },
  {
    town: 'LONDONDERRY',
    county: 'COUNTY LONDONDERRY',
    nation: 'northern-ireland',
    areas: [['BT', 47, 48]],
    weight: 1,
  },
];

const NATION_COUNTRY: Record<Nation, string> = {
  england: 'ENGLAND',
  wales: 'WALES',
  scotland: 'SCOTLAND',
  'northern-ireland': 'NORTHERN IRELAND',
};

/**
 * SIC 2007 codes with Companies House's descriptions, and trading words for names. Word lists never overlap
 * between codes: the name stem (two name words and a trading word) is what makes every generated name unique.
 */
const SIC_CODES: readonly { code: string; description: string; words: readonly string[] }[] = [
  {
    code: '70229',
    description: 'Management consultancy activities other than financial management',
    words: ['CONSULTING', 'CONSULTANCY', 'ADVISORY'],
  },
  {
    code: '62020',
    description: 'Information technology consultancy activities',
    words: ['IT SOLUTIONS', 'DIGITAL', 'TECHNOLOGY'],
  },
  {
    code: '62012',
    description: 'Business and domestic software development',
    words: ['SOFTWARE', 'APPS', 'LABS'],
  },
  {
    code: '62090',
    description: 'Other information technology service activities',
    words: ['IT SERVICES', 'NETWORKS', 'TECH'],
  },
  {
    code: '68209',
    description: 'Other letting and operating of own or leased real estate',
    words: ['PROPERTIES', 'LETTINGS', 'ESTATES'],
  },
  {
    code: '68100',
    description: 'Buying and selling of own real estate',
    words: ['PROPERTY INVESTMENTS', 'LAND'],
  },
  {
    code: '68320',
    description: 'Management of real estate on a fee or contract basis',
    words: ['PROPERTY MANAGEMENT', 'BLOCK MANAGEMENT'],
  },
  { code: '41100', description: 'Development of building projects', words: ['DEVELOPMENTS', 'REGENERATION'] },
  {
    code: '41202',
    description: 'Construction of domestic buildings',
    words: ['BUILDERS', 'CONSTRUCTION', 'HOMES'],
  },
  { code: '43210', description: 'Electrical installation', words: ['ELECTRICAL', 'ELECTRICS'] },
  {
    code: '43220',
    description: 'Plumbing, heat and air-conditioning installation',
    words: ['PLUMBING', 'HEATING', 'GAS SERVICES'],
  },
  {
    code: '43999',
    description: 'Other specialised construction activities not elsewhere classified',
    words: ['CONTRACTORS', 'GROUNDWORKS'],
  },
  { code: '43910', description: 'Roofing activities', words: ['ROOFING', 'ROOFS'] },
  {
    code: '47910',
    description: 'Retail sale via mail order houses or via Internet',
    words: ['ONLINE', 'DIRECT', 'E-COMMERCE'],
  },
  {
    code: '47110',
    description: 'Retail sale in non-specialised stores with food, beverages or tobacco predominating',
    words: ['STORES', 'CONVENIENCE', 'FOOD STORE'],
  },
  {
    code: '46900',
    description: 'Non-specialised wholesale trade',
    words: ['TRADING', 'WHOLESALE', 'SUPPLIES'],
  },
  { code: '56101', description: 'Licensed restaurants', words: ['KITCHEN', 'RESTAURANT', 'DINING'] },
  { code: '56302', description: 'Public houses and bars', words: ['INNS', 'TAVERNS', 'BAR'] },
  { code: '55100', description: 'Hotels and similar accommodation', words: ['HOTELS', 'HOSPITALITY'] },
  { code: '49410', description: 'Freight transport by road', words: ['LOGISTICS', 'HAULAGE', 'FREIGHT'] },
  { code: '49320', description: 'Taxi operation', words: ['TAXIS', 'PRIVATE HIRE', 'CARS'] },
  {
    code: '45200',
    description: 'Maintenance and repair of motor vehicles',
    words: ['MOTORS', 'AUTOS', 'GARAGE'],
  },
  { code: '86900', description: 'Other human health activities', words: ['HEALTHCARE', 'CLINIC', 'THERAPY'] },
  { code: '86230', description: 'Dental practice activities', words: ['DENTAL', 'DENTAL CARE', 'SMILES'] },
  {
    code: '87300',
    description: 'Residential care activities for the elderly and disabled',
    words: ['CARE HOMES', 'CARE', 'LIVING'],
  },
  { code: '88910', description: 'Child day-care activities', words: ['NURSERY', 'CHILDCARE', 'DAY NURSERY'] },
  {
    code: '85590',
    description: 'Other education not elsewhere classified',
    words: ['TRAINING', 'ACADEMY', 'TUITION'],
  },
  {
    code: '96020',
    description: 'Hairdressing and other beauty treatment',
    words: ['HAIR', 'BEAUTY', 'SALON'],
  },
  { code: '93130', description: 'Fitness facilities', words: ['FITNESS', 'GYM'] },
  { code: '69201', description: 'Accounting and auditing activities', words: ['ACCOUNTANTS', 'ACCOUNTANCY'] },
  { code: '69102', description: 'Solicitors', words: ['LEGAL', 'LAW', 'SOLICITORS'] },
  {
    code: '71121',
    description: 'Engineering design activities for industrial process and production',
    words: ['ENGINEERING', 'ENGINEERS'],
  },
  { code: '71111', description: 'Architectural activities', words: ['ARCHITECTS', 'ARCHITECTURE'] },
  { code: '73110', description: 'Advertising agencies', words: ['MARKETING', 'ADVERTISING', 'MEDIA'] },
  { code: '74100', description: 'Specialised design activities', words: ['DESIGN', 'CREATIVE', 'STUDIO'] },
  {
    code: '74909',
    description: 'Other professional, scientific and technical activities not elsewhere classified',
    words: ['PROFESSIONAL SERVICES', 'SURVEYS'],
  },
  {
    code: '78200',
    description: 'Temporary employment agency activities',
    words: ['RECRUITMENT', 'STAFFING'],
  },
  { code: '81210', description: 'General cleaning of buildings', words: ['CLEANING', 'CLEANING SERVICES'] },
  { code: '81300', description: 'Landscape service activities', words: ['LANDSCAPES', 'GARDENS', 'GROUNDS'] },
  {
    code: '82990',
    description: 'Other business support service activities not elsewhere classified',
    words: ['BUSINESS SERVICES', 'SOLUTIONS', 'SUPPORT'],
  },
  {
    code: '64209',
    description: 'Activities of other holding companies not elsewhere classified',
    words: ['HOLDINGS', 'GROUP'],
  },
  {
    code: '66190',
    description: 'Activities auxiliary to financial intermediation not elsewhere classified',
    words: ['FINANCIAL', 'FINANCE', 'CAPITAL'],
  },
  {
    code: '10710',
    description: 'Manufacture of bread; manufacture of fresh pastry goods and cakes',
    words: ['BAKERY', 'BAKEHOUSE'],
  },
  { code: '25620', description: 'Machining', words: ['PRECISION', 'MACHINING', 'FABRICATIONS'] },
  { code: '59111', description: 'Motion picture production activities', words: ['FILMS', 'PRODUCTIONS'] },
  { code: '90030', description: 'Artistic creation', words: ['ARTS', 'ART WORKS'] },
  { code: '98000', description: 'Residents property management', words: ['RESIDENTS', 'MANAGEMENT COMPANY'] },
  { code: '99999', description: 'Dormant Company', words: ['VENTURES', 'ENTERPRISES'] },
];

const RESIDENTS_SIC = SIC_CODES.findIndex((sic) => sic.code === '98000');
const DORMANT_SIC = SIC_CODES.findIndex((sic) => sic.code === '99999');

/** Single words only (no spaces), so "FIRST SECOND TRADING-WORD" splits one way and stems stay unique. */
const FIRST_WORDS = [
  'ACORN', 'ALDER', 'AMBER', 'APEX', 'ARDEN', 'ASH', 'ASPEN', 'ATLAS', 'AURORA', 'AVON',
  'BEACON', 'BIRCH', 'BLACKTHORN', 'BLUEBELL', 'BRACKEN', 'BRAMBLE', 'BRIAR', 'BRIGHT', 'BROOK', 'CASTLE',
  'CEDAR', 'CHALK', 'CHESTNUT', 'CLOVER', 'COPPER', 'CORAL', 'CRESCENT', 'CROWN', 'DALE', 'DAWN',
  'DELTA', 'DOVE', 'EAGLE', 'ELM', 'EMBER', 'FALCON', 'FERN', 'FIRTH', 'FOREST', 'FOX',
  'GLEN', 'GOLDEN', 'GRANITE', 'HARBOUR', 'HAWK', 'HAZEL', 'HEATH', 'HERON', 'HIGHLAND', 'HOLLY',
  'IRON', 'IVY', 'JUNIPER', 'KESTREL', 'KINGFISHER', 'LARCH', 'LAUREL', 'LINDEN', 'MAPLE', 'MARBLE',
  'MEADOW', 'MERIDIAN', 'MILL', 'MOORLAND', 'NORTHGATE', 'OAK', 'ORCHARD', 'OTTER', 'PEAK', 'PINE',
  'POPLAR', 'QUARRY', 'RAVEN', 'REDWOOD', 'RIDGE', 'RIVER', 'ROWAN', 'SAFFRON', 'SILVER', 'SKYLARK',
  'SORREL', 'SPRING', 'SEVERN', 'SUMMIT', 'SWALLOW', 'THISTLE', 'THORN', 'TIMBER', 'VALE', 'WALNUT',
  'WESTBROOK', 'WILLOW', 'WREN', 'YEW', 'PENNINE', 'CHILTERN', 'COTSWOLD', 'MERSEY', 'THAMES', 'TRENT',
]; // prettier-ignore

const SECOND_WORDS = [
  'LEAF', 'STAR', 'POINT', 'GATE', 'WOOD', 'BANK', 'HILL', 'WAY', 'VIEW', 'CROSS',
  'LANE', 'HOUSE', 'WELL', 'FORD', 'HURST', 'LEIGH', 'WORTH', 'COURT', 'PARK', 'GROVE',
  'RISE', 'END', 'SIDE', 'TREE', 'STONE', 'WATER', 'MEAD', 'COMBE', 'DOWN', 'EDGE',
  'FARM', 'GARDEN', 'HALL', 'HAVEN', 'HOLLOW', 'KEEP', 'LODGE', 'MARSH', 'MOUNT', 'NOOK',
  'PATH', 'QUAY', 'REACH', 'ROCK', 'ROW', 'SHORE', 'SPIRE', 'STEAD', 'TOWER', 'VALLEY',
  'WHARF', 'WYND', 'BAY', 'BECK', 'BURN', 'CLIFF', 'CREST', 'DENE', 'FELL', 'GREEN',
]; // prettier-ignore

/** Past the first pass over all stems, a qualifier keeps names unique: "OAK LEAF CONSULTING (UK) LIMITED". */
const QUALIFIERS = ['(UK)', '(HOLDINGS)', '(NORTH)', '(SOUTH)', '(EAST)', '(WEST)', '(MIDLANDS)', '(EUROPE)'];

const STEMS = FIRST_WORDS.length * SECOND_WORDS.length * SIC_CODES.length;

const STREETS = [
  'HIGH', 'STATION', 'CHURCH', 'MILL', 'VICTORIA', 'KING', 'QUEEN', 'PARK', 'LONDON', 'BRIDGE',
  'MARKET', 'NEW', 'GEORGE', 'ALBERT', 'CASTLE', 'NORTH', 'SOUTH', 'WEST', 'GREEN', 'MANOR',
]; // prettier-ignore
const STREET_TYPES = [
  'STREET',
  'ROAD',
  'LANE',
  'AVENUE',
  'CLOSE',
  'WAY',
  'PLACE',
  'DRIVE',
  'SQUARE',
  'TERRACE',
];
const LOCALITIES = [
  'CITY CENTRE',
  'OLD TOWN',
  'TOWN CENTRE',
  'RIVERSIDE',
  'WESTFIELD',
  'EASTGATE',
  'NORTHFIELD',
];
const CARE_OF = ['HARGREAVES & CO', 'PATEL ACCOUNTANTS', 'MORGAN BRYANT LLP', 'FRP ADVISORY TRADING LIMITED'];
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const ACCOUNT_CATEGORIES: readonly (readonly [category: string, upTo: number])[] = [
  ['MICRO ENTITY', 0.42],
  ['TOTAL EXEMPTION FULL', 0.68],
  ['UNAUDITED ABRIDGED', 0.84],
  ['SMALL', 0.92],
  ['DORMANT', 0.96],
  ['FULL', 1],
];

const COLUMNS = 55;

/** Numbers per series: [prefix, first serial, largest serial, largest gap between consecutive numbers]. */
const NUMBER_SERIES = {
  plain: ['', 100_000, 99_999_999, 20],
  SC: ['SC', 100_000, 999_999, 2],
  SO: ['SO', 300_000, 999_999, 2],
  SL: ['SL', 10_000, 999_999, 2],
  NI: ['NI', 600_000, 999_999, 2],
  NC: ['NC', 1_000, 999_999, 2],
  NL: ['NL', 1_000, 999_999, 2],
  OC: ['OC', 300_000, 999_999, 2],
  LP: ['LP', 10_000, 999_999, 2],
} as const;
type Series = keyof typeof NUMBER_SERIES;

type Kind = 'ltd' | 'plc' | 'llp' | 'lp' | 'cic' | 'guarantee';

const CATEGORY: Record<Kind, string> = {
  ltd: 'Private Limited Company',
  plc: 'Public Limited Company',
  llp: 'Limited Liability Partnership',
  lp: 'Limited Partnership',
  cic: 'Community Interest Company',
  guarantee: 'PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)',
};

const SERIES: Record<Nation, Record<'company' | 'llp' | 'lp', Series>> = {
  england: { company: 'plain', llp: 'OC', lp: 'LP' },
  wales: { company: 'plain', llp: 'OC', lp: 'LP' },
  scotland: { company: 'SC', llp: 'SO', lp: 'SL' },
  'northern-ireland': { company: 'NI', llp: 'NC', lp: 'NL' },
};

const ANNUAL_RETURNS_ENDED = dayNumber(2016, 6, 30);
const EARLIEST_INCORPORATION = dayNumber(1930, 1, 1);

class DemoRegister {
  private readonly random: () => number;
  private readonly nextSerial: Record<Series, number>;
  private readonly townWeights: number[];
  private readonly stemMultiplier: number;
  private readonly stemOffset: number;
  private readonly fields = new Array<string>(COLUMNS).fill('');

  constructor(
    private readonly companies: number,
    seed: number,
    private readonly asOf: number,
  ) {
    this.random = mulberry32(seed);
    // Stems are visited in a seeded order: j = (i × prime + offset) mod STEMS, a permutation because the prime
    // is larger than STEMS.
    this.stemMultiplier = [1_000_003, 1_000_033, 1_000_037, 1_000_039][Math.floor(this.random() * 4)]!;
    this.stemOffset = Math.floor(this.random() * STEMS);
    this.nextSerial = Object.fromEntries(
      Object.entries(NUMBER_SERIES).map(([series, [, first]]) => [
        series,
        first + Math.floor(this.random() * 500),
      ]),
    ) as Record<Series, number>;
    let total = 0;
    this.townWeights = TOWNS.map((town) => (total += town.weight));
  }

  row(i: number): string {
    const r = this.random;
    const f = this.fields;
    const stem = this.stem(i);
    const sicIndex = stem.sic;
    const town = this.town();
    const kind = this.kind(sicIndex);
    const number = this.companyNumber(
      SERIES[town.nation][kind === 'llp' || kind === 'lp' ? kind : 'company'],
    );
    const incorporated = this.incorporationDay(i);

    let status = 'Active';
    let frozenAt = this.asOf; // the day filings stopped: dissolution or the start of insolvency
    let dissolved: number | null = null;
    const fate = r();
    const age = this.asOf - incorporated;
    if (age > 730 && fate < 0.035) {
      status = 'Dissolved';
      dissolved = incorporated + 365 + Math.floor(r() * (age - 400));
      frozenAt = dissolved;
    } else if (age > 730 && fate < 0.075) {
      status = 'Liquidation';
      frozenAt = this.asOf - 30 - Math.floor(r() * Math.min(700, age - 700));
    } else if (age > 730 && fate < 0.085) {
      status = r() < 0.7 ? 'In Administration' : 'Voluntary Arrangement';
      frozenAt = this.asOf - 30 - Math.floor(r() * Math.min(400, age - 700));
    } else if (age > 730 && fate > 0.985) {
      status = 'Active - Proposal to Strike off';
    }
    // A company heading for strike-off has usually stopped filing.
    const behindOnAccounts = status !== 'Active' || r() < 0.07;
    const behindOnStatement = status.startsWith('Active - ') || r() < 0.05;

    f[0] = this.name(stem.first, stem.second, sicIndex, stem.group, kind);
    f[1] = number;
    this.address(f, town);
    f[10] = CATEGORY[kind];
    f[11] = status;
    f[12] = 'United Kingdom';
    f[13] = dissolved === null ? '' : csvDay(dissolved);
    f[14] = csvDay(incorporated);

    if (kind === 'lp') {
      // Limited partnerships file neither accounts nor confirmation statements.
      for (let c = 15; c <= 21; c++) f[c] = '';
      f[19] = 'NO ACCOUNTS FILED';
      f[53] = '';
      f[54] = '';
    } else {
      this.accounts(f, incorporated, kind, sicIndex, frozenAt, behindOnAccounts);
      this.returnsAndStatements(f, incorporated, frozenAt, behindOnStatement);
    }

    this.charges(f, age);
    this.sicTexts(f, sicIndex);
    f[30] = kind === 'lp' ? String(1 + Math.floor(r() * 2)) : '0';
    f[31] = kind === 'lp' ? String(1 + Math.floor(r() * 20)) : '0';
    f[32] = 'http://business.data.gov.uk/id/company/' + number;
    this.previousNames(f, incorporated, frozenAt, kind);

    let line = '"';
    for (let c = 0; c < COLUMNS; c++) {
      const value = f[c]!;
      line += (c === 0 ? '' : '","') + (value.includes('"') ? value.replaceAll('"', '""') : value);
    }
    return line + '"\n';
  }

  private stem(i: number): { first: number; second: number; sic: number; group: number } {
    const j = ((i % STEMS) * this.stemMultiplier + this.stemOffset) % STEMS;
    const sic = j % SIC_CODES.length;
    const rest = Math.floor(j / SIC_CODES.length);
    return {
      first: Math.floor(rest / SECOND_WORDS.length),
      second: rest % SECOND_WORDS.length,
      sic,
      group: Math.floor(i / STEMS),
    };
  }

  private name(first: number, second: number, sicIndex: number, group: number, kind: Kind): string {
    const words = SIC_CODES[sicIndex]!.words;
    let name = `${FIRST_WORDS[first]} ${SECOND_WORDS[second]} ${words[(first + second) % words.length]}`;
    if (group > 0) name += ' ' + (QUALIFIERS[group - 1] ?? `(${group + 1})`);
    return `${name} ${this.suffix(kind)}`;
  }

  private suffix(kind: Kind): string {
    switch (kind) {
      case 'plc':
        return 'PLC';
      case 'llp':
        return 'LLP';
      case 'lp':
        return 'LP';
      case 'cic':
        return this.random() < 0.6 ? 'CIC' : 'C.I.C.';
      case 'guarantee':
        return 'LIMITED';
      case 'ltd':
        return this.random() < 0.55 ? 'LIMITED' : 'LTD';
    }
  }

  private kind(sicIndex: number): Kind {
    if (sicIndex === RESIDENTS_SIC) return 'guarantee';
    const k = this.random();
    if (k < 0.865) return 'ltd';
    if (k < 0.88) return 'plc';
    if (k < 0.93) return 'llp';
    if (k < 0.94) return 'lp';
    if (k < 0.96) return 'cic';
    return 'guarantee';
  }

  private town(): Town {
    const pick = this.random() * this.townWeights[this.townWeights.length - 1]!;
    let t = 0;
    while (this.townWeights[t]! <= pick) t++;
    return TOWNS[t]!;
  }

  private companyNumber(series: Series): string {
    const [prefix, , last, maxGap] = NUMBER_SERIES[series];
    const serial = this.nextSerial[series];
    if (serial > last) throw new Error(`demo register: ran out of ${series} company numbers`);
    this.nextSerial[series] = serial + 1 + Math.floor(this.random() * maxGap);
    return prefix + String(serial).padStart(8 - prefix.length, '0');
  }

  /** Row order follows incorporation, most companies recent, as numbers are handed out in date order. */
  private incorporationDay(i: number): number {
    const span = this.asOf - 1 - EARLIEST_INCORPORATION;
    const u = (i + this.random()) / this.companies;
    return EARLIEST_INCORPORATION + Math.min(span, Math.floor(u ** 0.15 * span));
  }

  private address(f: string[], town: Town): void {
    const r = this.random;
    f[2] = r() < 0.015 ? pick(CARE_OF, r) : '';
    f[3] = r() < 0.005 ? String(100 + Math.floor(r() * 9000)) : '';
    const street = `${pick(STREETS, r)} ${pick(STREET_TYPES, r)}`;
    const style = r();
    if (style < 0.6) f[4] = `${1 + Math.floor(r() * 240)} ${street}`;
    else if (style < 0.8) f[4] = `UNIT ${1 + Math.floor(r() * 40)} ${pick(FIRST_WORDS, r)} BUSINESS PARK`;
    else f[4] = `SUITE ${1 + Math.floor(r() * 30)}, ${pick(FIRST_WORDS, r)} HOUSE`;
    f[5] = style >= 0.8 ? `${1 + Math.floor(r() * 120)} ${street}` : r() < 0.25 ? pick(LOCALITIES, r) : '';
    f[6] = town.town;
    f[7] = town.county;
    const country = r();
    f[8] = country < 0.5 ? NATION_COUNTRY[town.nation] : country < 0.7 ? 'UNITED KINGDOM' : '';
    const [area, first, last] = town.areas[Math.floor(r() * town.areas.length)]!;
    const district = first + Math.floor(r() * (last - first + 1));
    f[9] =
      `${area}${district} ${Math.floor(r() * 10)}` +
      INWARD_LETTERS[Math.floor(r() * INWARD_LETTERS.length)] +
      INWARD_LETTERS[Math.floor(r() * INWARD_LETTERS.length)];
  }

  /**
   * Accounting periods end on the accounting reference date each year, the first one at least six months after
   * incorporation. Accounts are due nine months after a period ends (six for a plc); the first accounts, when the
   * first period is longer than a year, 21 months after incorporation (18 for a plc) or three months after the
   * period, whichever is later.
   */
  private accounts(
    f: string[],
    incorporated: number,
    kind: Kind,
    sicIndex: number,
    asOf: number,
    behind: boolean,
  ) {
    const r = this.random;
    const [, incMonth] = fromDayNumber(incorporated);
    let ardDay: number;
    let ardMonth: number;
    const usual = r();
    if (usual < 0.7)
      [ardDay, ardMonth] = [31, incMonth]; // clamped below to the month's end
    else if (usual < 0.82) [ardDay, ardMonth] = [31, 3];
    else if (usual < 0.94) [ardDay, ardMonth] = [31, 12];
    else if (usual < 0.97) [ardDay, ardMonth] = [30, 6];
    else [ardDay, ardMonth] = [30, 9];
    ardDay = Math.min(ardDay, ardMonth === 2 ? 28 : daysInMonth(2001, ardMonth));

    const plc = kind === 'plc';
    const firstEnd = nextOccurrence(addMonths(incorporated, 6), ardDay, ardMonth);
    const [firstYear] = fromDayNumber(firstEnd);
    const periodEnd = (k: number) => (k === 1 ? firstEnd : occurrence(firstYear + k - 1, ardDay, ardMonth));
    const deadline = (k: number) => {
      const end = periodEnd(k);
      if (k === 1 && end > addMonths(incorporated, 12)) {
        return Math.max(addMonths(incorporated, plc ? 18 : 21), addMonths(end, 3));
      }
      return addMonths(end, plc ? 6 : 9);
    };

    // k: the periods whose deadline has passed.
    const [asOfYear] = fromDayNumber(asOf);
    let k = Math.max(0, asOfYear - firstYear - 1);
    if (k === 1) k = 0;
    while (deadline(k + 1) < asOf) k++;
    let filed = k;
    if (behind && k >= 1) filed = k - 1 - (k >= 2 && r() < 0.3 ? 1 : 0);
    else if (periodEnd(k + 1) < asOf - 30 && r() < 0.4) filed = k + 1;

    f[15] = String(ardDay);
    f[16] = String(ardMonth);
    f[17] = csvDay(deadline(filed + 1));
    f[18] = filed >= 1 ? csvDay(periodEnd(filed)) : '';
    f[19] =
      filed === 0
        ? 'NO ACCOUNTS FILED'
        : sicIndex === DORMANT_SIC
          ? 'DORMANT'
          : plc
            ? r() < 0.5
              ? 'GROUP'
              : 'FULL'
            : weighted(ACCOUNT_CATEGORIES, r());
  }

  /**
   * Confirmation statements are made up to each anniversary of incorporation and due 14 days later. Annual
   * returns, which they replaced on 30 June 2016, linger in the file for companies old enough to have had them.
   */
  private returnsAndStatements(f: string[], incorporated: number, asOf: number, behind: boolean): void {
    const anniversary = (k: number) => addMonths(incorporated, 12 * k);
    const due = (k: number) => anniversary(k) + 14;
    const [asOfYear] = fromDayNumber(asOf);
    const [incYear] = fromDayNumber(incorporated);
    let k = Math.max(0, asOfYear - incYear - 2);
    while (due(k + 1) < asOf) k++;
    let filed = k;
    if (behind && k >= 1) filed = k - 1;
    else if (anniversary(k + 1) <= asOf && this.random() < 0.5) filed = k + 1;
    f[53] = csvDay(due(filed + 1));
    f[54] = filed >= 1 ? csvDay(anniversary(filed)) : '';

    if (incorporated >= ANNUAL_RETURNS_ENDED) {
      f[20] = '';
      f[21] = '';
      return;
    }
    let returns = 0;
    while (anniversary(returns + 1) < ANNUAL_RETURNS_ENDED) returns++;
    f[20] = csvDay(anniversary(returns + 1) + 28);
    f[21] = returns >= 1 ? csvDay(anniversary(returns)) : '';
  }

  /** About one company in five has registered a charge, fewer among the newest. */
  private charges(f: string[], age: number): void {
    const r = this.random;
    if (r() >= 0.2 * Math.min(1, age / 1500)) {
      f[22] = f[23] = f[24] = f[25] = '0';
      return;
    }
    const total = 1 + Math.floor(r() * 6);
    const satisfied = Math.floor(r() * (total + 1));
    const partSatisfied = satisfied < total && r() < 0.1 ? 1 : 0;
    f[22] = String(total);
    f[23] = String(total - satisfied - partSatisfied);
    f[24] = String(partSatisfied);
    f[25] = String(satisfied);
  }

  private sicTexts(f: string[], sicIndex: number): void {
    const r = this.random;
    f[26] = f[27] = f[28] = f[29] = '';
    if (r() < 0.01) {
      f[26] = 'None Supplied';
      return;
    }
    f[26] = sicText(sicIndex);
    if (sicIndex === DORMANT_SIC) return;
    let extra = r() < 0.25 ? (r() < 0.2 ? 2 : 1) : 0;
    for (let c = 27; extra > 0; extra--) {
      const other = Math.floor(r() * SIC_CODES.length);
      const text = sicText(other);
      if (other !== DORMANT_SIC && !f.slice(26, c).includes(text)) f[c++] = text;
    }
  }

  /** Most recent first, as in the file; each change dated between incorporation and the day filings stopped. */
  private previousNames(f: string[], incorporated: number, until: number, kind: Kind): void {
    const r = this.random;
    for (let c = 33; c < 53; c++) f[c] = '';
    const span = until - incorporated - 60;
    if (span < 60 || r() >= 0.1) return;
    const changes = r() < 0.9 ? 1 + Math.floor(r() * 2) : 3 + Math.floor(r() * 4);
    let latest = until;
    for (let k = 0; k < changes; k++) {
      const room = Math.min(span / changes, latest - incorporated - 2);
      if (room < 1) break;
      const changed = latest - 1 - Math.floor(r() * room);
      latest = changed;
      const former = this.stem(Math.floor(r() * STEMS));
      const words = SIC_CODES[former.sic]!.words;
      const suffix = kind === 'ltd' || kind === 'cic' || kind === 'guarantee' ? 'LIMITED' : this.suffix(kind);
      f[33 + 2 * k] = csvDay(changed);
      f[34 + 2 * k] =
        `${FIRST_WORDS[former.first]} ${SECOND_WORDS[former.second]} ${words[former.first % words.length]} ${suffix}`;
    }
  }
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

function weighted(table: readonly (readonly [value: string, upTo: number])[], u: number): string {
  for (const [value, upTo] of table) if (u < upTo) return value;
  return table[table.length - 1]![0];
}

function sicText(index: number): string {
  const sic = SIC_CODES[index]!;
  return `${sic.code} - ${sic.description}`;
}

function csvDay(day: number): string {
  const [y, m, d] = fromDayNumber(day);
  return `${d < 10 ? '0' : ''}${d}/${m < 10 ? '0' : ''}${m}/${y}`;
}

/** Companies House keeps month ends as month ends: 30 Nov + 9 months is 31 Aug. */
function addMonths(day: number, months: number): number {
  const [y, m, d] = fromDayNumber(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return dayNumber(year, month, d === daysInMonth(y, m) ? last : Math.min(d, last));
}

function occurrence(year: number, day: number, month: number): number {
  return dayNumber(year, month, Math.min(day, daysInMonth(year, month)));
}

function nextOccurrence(after: number, day: number, month: number): number {
  const [year] = fromDayNumber(after);
  const sameYear = occurrence(year, day, month);
  return sameYear > after ? sameYear : occurrence(year + 1, day, month);
}
