/**
 * Builds src/domain/sanctions/matching/elf-legal-forms.json from the ISO 20275 Entity Legal Forms code list that
 * GLEIF publishes (CC0): https://www.gleif.org/en/about-lei/code-lists/iso-20275-entity-legal-forms-code-list
 *
 *   node scripts/legal-forms/build-elf-legal-forms.mjs 2023-09-28-elf-code-list-v1.5.csv
 *
 * Only active codes whose name says it is a company (a share, limited-liability or partnership form: the words
 * below) are kept, each with its local and transliterated names and abbreviations written as the matcher
 * normalises them. Foundations, associations, public bodies and the like are left out on purpose: their names
 * (FOUNDATION, TRUST, MINISTERE, REGION, BANK…) are words that also tell two organisations apart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { transliterate } from 'transliteration';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/legal-forms/build-elf-legal-forms.mjs ELF-CODE-LIST.csv');
  process.exit(2);
}

const COMPANY_WORDS =
  /GESELLSCHAFT|COMPANY|SOCIET|SOCIED|SPOLK|AKTIE|AKCI|AKTSI|YHTIO|BOLAG|SELSKAB|VENNOOTSCHAP|HAFTUNG|LIMITED|CORPORATION|INCORPORATED|RASPUNDERE|ANONIM|OBSHCHESTVO|TOVARYSTVO|TOVARISTVO|SPOLECNOST|DRUZBA|DRUSTVO|TARSASAG|BENDROVE|SABIEDRIBA|ASELTS|OSAUHING|HLUTAFELAG|KAISHA|HOESA|SIRKETI|EMPRESA|COMPANHIA|COMPANIA|COMPAGNIE|PARTNERSHIP|KOMMANDIT/;

const normalise = (text) =>
  transliterate(text.normalize('NFKC'))
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replaceAll('&', ' AND ')
    .replace(/['\u2018\u2019]/g, '')
    .replaceAll('.', '')
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '')
    .join(' ');

const rows = parse(readFileSync(source, 'utf8').replace(/^\uFEFF/, ''), { columns: true });
const codes = [];
for (const row of rows) {
  if (row['ELF Status ACTV/INAC'] !== 'ACTV') continue;
  const names = [row['Entity Legal Form name Local name'], row['Entity Legal Form name Transliterated name']]
    .filter(Boolean)
    .map(normalise);
  if (!names.some((name) => COMPANY_WORDS.test(name))) continue;
  const abbreviations = [row['Abbreviations Local language'], row['Abbreviations transliterated']]
    .flatMap((cell) => (cell ?? '').split(/[;,]/))
    .map(normalise);
  const forms = [...new Set([...names, ...abbreviations])].filter((form) => form !== '');
  codes.push({ code: row['ELF Code'], country: row['Country Code (ISO 3166-1)'], forms });
}
codes.sort((a, b) => (a.code < b.code ? -1 : 1));
const out = new URL('../../src/domain/sanctions/matching/elf-legal-forms.json', import.meta.url);
writeFileSync(
  out,
  `${JSON.stringify({ source: source.split('/').pop(), licence: 'CC0 1.0 (GLEIF)', codes }, null, 0)}\n`,
);
console.log(`${codes.length} company legal forms written to ${out.pathname}`);
