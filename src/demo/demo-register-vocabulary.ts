// The vocabulary the demo register is made of: real towns with their postcode areas, real SIC codes, and the
// words company names are built from. Data only; src/demo/demo-register.ts draws from it.

export type Nation = 'england' | 'wales' | 'scotland' | 'northern-ireland';

export interface Town {
  town: string;
  county: string;
  nation: Nation;
  /** Postcode areas with their district range, so postcodes match the town. */
  areas: readonly (readonly [area: string, first: number, last: number])[];
  weight: number;
}

export const TOWNS: readonly Town[] = [
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

export const NATION_COUNTRY: Record<Nation, string> = {
  england: 'ENGLAND',
  wales: 'WALES',
  scotland: 'SCOTLAND',
  'northern-ireland': 'NORTHERN IRELAND',
};

/**
 * SIC 2007 codes with Companies House's descriptions, and trading words for names. Word lists never overlap
 * between codes: the name stem (two name words and a trading word) is what makes every generated name unique.
 */
export const SIC_CODES: readonly { code: string; description: string; words: readonly string[] }[] = [
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

export const RESIDENTS_SIC = SIC_CODES.findIndex((sic) => sic.code === '98000');
export const DORMANT_SIC = SIC_CODES.findIndex((sic) => sic.code === '99999');

/** Single words only (no spaces), so "FIRST SECOND TRADING-WORD" splits one way and stems stay unique. */
export const FIRST_WORDS = [
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

export const SECOND_WORDS = [
  'LEAF', 'STAR', 'POINT', 'GATE', 'WOOD', 'BANK', 'HILL', 'WAY', 'VIEW', 'CROSS',
  'LANE', 'HOUSE', 'WELL', 'FORD', 'HURST', 'LEIGH', 'WORTH', 'COURT', 'PARK', 'GROVE',
  'RISE', 'END', 'SIDE', 'TREE', 'STONE', 'WATER', 'MEAD', 'COMBE', 'DOWN', 'EDGE',
  'FARM', 'GARDEN', 'HALL', 'HAVEN', 'HOLLOW', 'KEEP', 'LODGE', 'MARSH', 'MOUNT', 'NOOK',
  'PATH', 'QUAY', 'REACH', 'ROCK', 'ROW', 'SHORE', 'SPIRE', 'STEAD', 'TOWER', 'VALLEY',
  'WHARF', 'WYND', 'BAY', 'BECK', 'BURN', 'CLIFF', 'CREST', 'DENE', 'FELL', 'GREEN',
]; // prettier-ignore

/** Past the first pass over all stems, a qualifier keeps names unique: "OAK LEAF CONSULTING (UK) LIMITED". */
export const QUALIFIERS = [
  '(UK)',
  '(HOLDINGS)',
  '(NORTH)',
  '(SOUTH)',
  '(EAST)',
  '(WEST)',
  '(MIDLANDS)',
  '(EUROPE)',
];

export const STEMS = FIRST_WORDS.length * SECOND_WORDS.length * SIC_CODES.length;

export const STREETS = [
  'HIGH', 'STATION', 'CHURCH', 'MILL', 'VICTORIA', 'KING', 'QUEEN', 'PARK', 'LONDON', 'BRIDGE',
  'MARKET', 'NEW', 'GEORGE', 'ALBERT', 'CASTLE', 'NORTH', 'SOUTH', 'WEST', 'GREEN', 'MANOR',
]; // prettier-ignore
export const STREET_TYPES = [
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
export const LOCALITIES = [
  'CITY CENTRE',
  'OLD TOWN',
  'TOWN CENTRE',
  'RIVERSIDE',
  'WESTFIELD',
  'EASTGATE',
  'NORTHFIELD',
];
export const CARE_OF = [
  'HARGREAVES & CO',
  'PATEL ACCOUNTANTS',
  'MORGAN BRYANT LLP',
  'FRP ADVISORY TRADING LIMITED',
];
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const ACCOUNT_CATEGORIES: readonly (readonly [category: string, upTo: number])[] = [
  ['MICRO ENTITY', 0.42],
  ['TOTAL EXEMPTION FULL', 0.68],
  ['UNAUDITED ABRIDGED', 0.84],
  ['SMALL', 0.92],
  ['DORMANT', 0.96],
  ['FULL', 1],
];
