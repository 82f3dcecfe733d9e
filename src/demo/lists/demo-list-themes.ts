// The sanctions programmes the demo OFAC, EU and UN lists are made of, each as every list names it (data only).
// A designation of one programme carries each list's own wording of it, as a real one listed by several does.

export interface DemoListCountry {
  /** As the UN, OFAC and the UK list word it. */
  name: string;
  /** As the EU list words it: countryIso2Code and countryDescription. */
  iso2: string;
  eu: string;
  cities: readonly string[];
}

const country = (name: string, iso2: string, eu: string, cities: string[]): DemoListCountry => ({
  name,
  iso2,
  eu,
  cities,
});

export const DEMO_LIST_COUNTRIES = {
  russia: country('Russia', 'RU', 'RUSSIAN FEDERATION', [
    'Moscow',
    'Saint Petersburg',
    'Yekaterinburg',
    'Kazan',
  ]),
  belarus: country('Belarus', 'BY', 'BELARUS', ['Minsk', 'Grodno']),
  iran: country('Iran', 'IR', 'IRAN (ISLAMIC REPUBLIC OF)', ['Tehran', 'Isfahan', 'Bandar Abbas']),
  syria: country('Syria', 'SY', 'SYRIAN ARAB REPUBLIC', ['Damascus', 'Aleppo', 'Latakia']),
  iraq: country('Iraq', 'IQ', 'IRAQ', ['Baghdad', 'Mosul']),
  northKorea: country('North Korea', 'KP', "KOREA, DEMOCRATIC PEOPLE'S REPUBLIC OF", ['Pyongyang', 'Nampo']),
  mali: country('Mali', 'ML', 'MALI', ['Bamako', 'Gao', 'Timbuktu']),
  venezuela: country('Venezuela', 'VE', 'VENEZUELA (BOLIVARIAN REPUBLIC OF)', ['Caracas', 'Maracaibo']),
  myanmar: country('Myanmar', 'MM', 'MYANMAR', ['Naypyidaw', 'Yangon']),
} as const;

export type DemoNameStyle = 'russian' | 'arabic' | 'korean' | 'latin';

export interface DemoListTheme {
  /** The UK list's Regime Name and the prefix of its Unique IDs. */
  uk: { regime: string; prefix: string };
  /** UN_LIST_TYPE and the REFERENCE_NUMBER prefix (QDi.123), for the programmes the Security Council lists. */
  un: { listType: string; prefix: string } | null;
  /** regulation@programme. */
  eu: string;
  /** sdn.csv Program. */
  ofac: string;
  country: DemoListCountry;
  style: DemoNameStyle;
  /** For the 'latin' style: the given names and surnames of the programme's country. */
  latinNames?: { given: readonly string[]; surnames: readonly string[] };
}

const WEST_AFRICAN = {
  given: ['Amadou', 'Ousmane', 'Salif', 'Moussa', 'Aminata'],
  surnames: ['DIALLO', 'TRAORE', 'KEITA', 'COULIBALY', 'MAIGA'],
};
const VENEZUELAN = {
  given: ['Ramon', 'Esteban', 'Ines', 'Joaquin', 'Delcy'],
  surnames: ['CABELLO', 'ARREAZA', 'QUINTERO', 'PADRINO', 'SAAB'],
};
const BURMESE = {
  given: ['Aung', 'Min', 'Kyaw', 'Thein', 'Soe'],
  surnames: ['THAN', 'HTUN', 'KYAW', 'OO', 'NAING'],
};

/** Programmes of the Security Council: their designations are on the UN list and, as the real ones are, the EU's and the UK's. */
export const UN_THEMES: readonly DemoListTheme[] = [
  {
    uk: { regime: "ISIL (Da'esh) and Al-Qaida", prefix: 'AQD' },
    un: { listType: 'Al-Qaida', prefix: 'QD' },
    eu: 'TAQA',
    ofac: 'SDGT',
    country: DEMO_LIST_COUNTRIES.iraq,
    style: 'arabic',
  },
  {
    uk: { regime: "Democratic People's Republic of Korea", prefix: 'DPR' },
    un: { listType: 'DPRK', prefix: 'KP' },
    eu: 'PRK',
    ofac: 'DPRK3',
    country: DEMO_LIST_COUNTRIES.northKorea,
    style: 'korean',
  },
  {
    uk: { regime: 'Mali', prefix: 'MAL' },
    un: { listType: 'Mali', prefix: 'ML' },
    eu: 'MLI',
    ofac: 'MALI-EO13882',
    country: DEMO_LIST_COUNTRIES.mali,
    style: 'latin',
    latinNames: WEST_AFRICAN,
  },
];

/** Programmes of the EU's and OFAC's own (autonomous) sanctions, with their weights among them. */
export const AUTONOMOUS_THEMES: readonly (readonly [DemoListTheme, number])[] = [
  [theme('Russia', 'RUS', 'RUS', 'RUSSIA-EO14024', DEMO_LIST_COUNTRIES.russia, 'russian'), 40],
  [theme('Belarus', 'BEL', 'BLR', 'BELARUS-EO14038', DEMO_LIST_COUNTRIES.belarus, 'russian'), 8],
  [theme('Cyber', 'CYB', 'CYB', 'CYBER2', DEMO_LIST_COUNTRIES.russia, 'russian'), 5],
  [theme('Iran', 'IRN', 'IRN', 'IRAN', DEMO_LIST_COUNTRIES.iran, 'arabic'), 12],
  [theme('Syria', 'SYR', 'SYR', 'SYRIA', DEMO_LIST_COUNTRIES.syria, 'arabic'), 12],
  [
    {
      ...theme('Venezuela', 'VEN', 'VEN', 'VENEZUELA-EO13850', DEMO_LIST_COUNTRIES.venezuela, 'latin'),
      latinNames: VENEZUELAN,
    },
    6,
  ],
  [
    {
      ...theme('Global Human Rights', 'GHR', 'MMR', 'BURMA-EO14014', DEMO_LIST_COUNTRIES.myanmar, 'latin'),
      latinNames: BURMESE,
    },
    6,
  ],
];

function theme(
  regime: string,
  prefix: string,
  eu: string,
  ofac: string,
  where: DemoListCountry,
  style: DemoNameStyle,
): DemoListTheme {
  return { uk: { regime, prefix }, un: null, eu, ofac, country: where, style };
}

export const KOREAN_GIVEN = ['Chol', 'Myong', 'Hyon', 'Kwang', 'Song', 'Il', 'Jin'] as const;
export const KOREAN_SURNAMES = ['PAK', 'RI', 'JONG', 'KIM', 'CHOE', 'HAN'] as const;
/** Legal forms by where an entity is registered. */
export const RUSSIAN_LEGAL_FORMS = ['OOO', 'AO', 'JSC', 'PJSC', 'LLC'] as const;
export const OTHER_LEGAL_FORMS = ['LLC', 'FZE', 'CO LTD', 'GENERAL TRADING LLC', 'COMPANY'] as const;
export const STREETS = [
  'Invented Street',
  'Demo Avenue',
  'Sample Prospekt',
  'Example Road',
  'Fictional Square',
];
