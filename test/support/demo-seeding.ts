/**
 * How long a suite's setup may take to start an app and seed a few hundred demo companies with their details
 * (officers, PSCs, filings, charges, insolvency and three years of iXBRL accounts, each written in its published
 * format and imported): 10–16 s alone, but past jest's default 30 s more than once in `.ci/run`'s npm test on a
 * fresh clone (web-company.test.ts, web-company-browser.test.ts, company-details.test.ts each failed every test so,
 * and passed alone).
 */
export const DEMO_SEEDING_TIMEOUT_MS = 120_000;
