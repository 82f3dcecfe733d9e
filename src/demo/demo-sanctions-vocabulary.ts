// The words the demo UK Sanctions List is made of. Invented combinations in the styles the real list holds
// (Russian and Arabic names with their own scripts, others in Latin only, front companies, tankers); data only.

/** [Latin, Cyrillic] given names, male and female, with the patronymic stem each forms. */
export const RUSSIAN_FORENAMES = [
  ['Anatoly', 'Анатолий'], ['Boris', 'Борис'], ['Dmitry', 'Дмитрий'], ['Gennady', 'Геннадий'],
  ['Igor', 'Игорь'], ['Konstantin', 'Константин'], ['Leonid', 'Леонид'], ['Mikhail', 'Михаил'],
  ['Oleg', 'Олег'], ['Pavel', 'Павел'], ['Roman', 'Роман'], ['Stanislav', 'Станислав'],
  ['Timur', 'Тимур'], ['Vadim', 'Вадим'], ['Yaroslav', 'Ярослав'], ['Zakhar', 'Захар'],
  ['Alla', 'Алла'], ['Galina', 'Галина'], ['Irina', 'Ирина'], ['Lyudmila', 'Людмила'],
  ['Natalya', 'Наталья'], ['Oksana', 'Оксана'], ['Svetlana', 'Светлана'], ['Yelena', 'Елена'],
] as const; // prettier-ignore
export const RUSSIAN_FEMALE_FROM = 16;

/** [Latin, Cyrillic] surnames, male form; the female form adds -a / -а. */
export const RUSSIAN_SURNAMES = [
  ['BELOUSOV', 'Белоусов'], ['CHERNYSHOV', 'Чернышов'], ['DOROFEEV', 'Дорофеев'], ['GROMOV', 'Громов'],
  ['KAZANTSEV', 'Казанцев'], ['LARIONOV', 'Ларионов'], ['MEDVEDKOV', 'Медведков'], ['OSIPOV', 'Осипов'],
  ['PANKRATOV', 'Панкратов'], ['RYABOV', 'Рябов'], ['SAVELYEV', 'Савельев'], ['TARASOV', 'Тарасов'],
  ['USTINOV', 'Устинов'], ['VERESHCHAGIN', 'Верещагин'], ['ZHDANOV', 'Жданов'], ['ZOLOTAREV', 'Золотарев'],
] as const; // prettier-ignore

/** [Latin, Arabic] names: given names and family names of the Arabic-script designations. */
export const ARABIC_NAMES = [
  ['Adnan', 'عدنان'], ['Bassam', 'بسام'], ['Faisal', 'فيصل'], ['Hamza', 'حمزة'], ['Jamal', 'جمال'],
  ['Karim', 'كريم'], ['Mahmoud', 'محمود'], ['Nabil', 'نبيل'], ['Rami', 'رامي'], ['Samir', 'سمير'],
  ['Tariq', 'طارق'], ['Walid', 'وليد'], ['Yasin', 'ياسين'], ['Ziyad', 'زياد'],
] as const; // prettier-ignore
export const ARABIC_FAMILY_NAMES = [
  ['AL-BAZZAZ', 'البزاز'], ['AL-DURRA', 'الدرة'], ['AL-HAKIM', 'الحكيم'], ['AL-JABIRI', 'الجابري'],
  ['AL-KHATIB', 'الخطيب'], ['AL-MASRI', 'المصري'], ['AL-NAQIB', 'النقيب'], ['AL-QADI', 'القاضي'],
  ['AL-RAWI', 'الراوي'], ['AL-SHAMI', 'الشامي'], ['AL-TIKRITI', 'التكريتي'], ['AL-ZUBAIDI', 'الزبيدي'],
] as const; // prettier-ignore

/** Given names and surnames of designations listed in Latin script only. */
export const OTHER_FORENAMES = [
  'Aung', 'Min', 'Kyaw', 'Chol', 'Myong', 'Hyon', 'Ramon', 'Esteban', 'Ines', 'Joaquin', 'Aliaksandr', 'Siarhei',
  'Viktar', 'Hassan', 'Amadou', 'Ousmane', 'Salif', 'Reza', 'Mehdi', 'Parisa',
] as const; // prettier-ignore
export const OTHER_SURNAMES = [
  'THAN', 'HTUN', 'KYAW', 'PAK', 'RI', 'JONG', 'CABELLO', 'ARREAZA', 'QUINTERO', 'LUKASHEVICH', 'KARPENKA',
  'DIALLO', 'TRAORE', 'KEITA', 'MORADI', 'SAFAVI', 'JAFARI',
] as const; // prettier-ignore

export const ENTITY_WORDS = [
  'ALTAIR', 'BORVEK', 'DELTAKOM', 'EVROTEK', 'GRANIT', 'KAMAFLOT', 'LAZURIT', 'MERIDIAN', 'NORDSTAL', 'OBSIDIAN',
  'PERESVET', 'RUBIKON', 'SEVMASH', 'TAIGA', 'URALKOM', 'VOSTOK', 'YAKHONT', 'ZENITSA', 'AL NOOR', 'SAHARA',
  'BARAKA', 'KHAYRAT', 'PYONGHWA', 'MYOHYANG', 'TAESONG',
] as const; // prettier-ignore
export const ENTITY_KINDS = [
  'TRADE', 'ENERGY', 'SHIPPING', 'LOGISTICS', 'MICROELECTRONICS', 'AVIATION', 'INVEST', 'FINANCE', 'DEFENCE',
  'CHEMICALS', 'METALS', 'TECHNOLOGIES', 'PETROLEUM', 'EXPORT',
] as const; // prettier-ignore
export const ENTITY_SUFFIXES = [
  'LLC',
  'JSC',
  'OOO',
  'AO',
  'PJSC',
  'FZE',
  'CO LTD',
  'GENERAL TRADING LLC',
] as const;
export const ENTITY_TYPES = [
  'Limited liability company', 'Joint stock company', 'Public joint stock company', 'Free zone establishment',
  'State-owned enterprise',
] as const; // prettier-ignore

export const SHIP_FIRST = ['SEA', 'OCEAN', 'NORTHERN', 'ARCTIC', 'SILVER', 'CRIMSON', 'EASTERN', 'GOLDEN', 'STORM', 'BLUE'] as const; // prettier-ignore
export const SHIP_SECOND = ['FALCON', 'PEARL', 'SPIRIT', 'VOYAGER', 'STAR', 'HORIZON', 'DAWN', 'CREST', 'TIDE', 'WIND'] as const; // prettier-ignore
export const SHIP_FLAGS = ['Cameroon', 'Gabon', 'Comoros', 'Palau', 'Panama', 'Sierra Leone', 'Togo', 'Eswatini'] as const; // prettier-ignore
export const SHIP_TYPES = ['Crude oil tanker', 'Oil products tanker', 'LPG tanker', 'General cargo', 'Bulk carrier'] as const; // prettier-ignore

/** [Regime Name, Unique ID prefix, country the designations tie to, weight]. */
export const REGIMES = [
  ['Russia', 'RUS', 'Russia', 40],
  ['Belarus', 'BEL', 'Belarus', 6],
  ['Cyber', 'CYB', 'Russia', 4],
  ['Global Human Rights', 'GHR', 'Myanmar', 6],
  ['Global Anti-Corruption', 'GAC', 'Venezuela', 4],
  ['Iran', 'IRN', 'Iran', 8],
  ['Syria', 'SYR', 'Syria', 10],
  ["ISIL (Da'esh) and Al-Qaida", 'AQD', 'Iraq', 8],
  ["Democratic People's Republic of Korea", 'DPR', 'North Korea', 6],
  ['Mali', 'MAL', 'Mali', 4],
  ['Venezuela', 'VEN', 'Venezuela', 4],
] as const; // prettier-ignore

/** English letters to Cyrillic, for the alias that spells a demo person's Latin name in Cyrillic script. */
export const LATIN_TO_CYRILLIC: readonly (readonly [string, string])[] = [
  ['shch', 'щ'], ['sh', 'ш'], ['ch', 'ч'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['th', 'т'], ['ph', 'ф'],
  ['ya', 'я'], ['yu', 'ю'], ['yo', 'ё'], ['ee', 'и'], ['oo', 'у'], ['ck', 'к'], ['qu', 'кв'],
  ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'], ['i', 'и'],
  ['j', 'дж'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['q', 'к'], ['r', 'р'],
  ['s', 'с'], ['t', 'т'], ['u', 'у'], ['v', 'в'], ['w', 'у'], ['x', 'кс'], ['y', 'и'], ['z', 'з'],
]; // prettier-ignore
