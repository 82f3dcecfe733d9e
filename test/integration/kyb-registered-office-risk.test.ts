import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { KybCheckResult } from '../../src/domain/kyb/kyb-result';
import { col } from '../../src/ingest/companies-house/basic-company-data-layout';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { csvRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * Registered-office risk over REST and MCP, on companies written by the real bulk importer: a PO box office
 * (ECCTA 2023: not an appropriate address since 4 March 2024) and its absence on a street address; an office
 * shared by more active companies than the threshold (3 here), written in several ways, counted in SQL.
 */

const NOW = Date.parse('2026-12-01T09:00:00.000Z');

function company(number: string, name: string, changes: Record<number, string> = {}): string {
  const previousNames = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [col.firstPreviousName + i, '']),
  ) as Record<number, string>;
  return csvRow({
    ...previousNames,
    [col.name]: name,
    [col.number]: number,
    [col.incorporationDate]: '14/11/2015',
    [col.accountsNextDue]: '31/08/2027',
    [col.accountsLastMadeUp]: '30/11/2025',
    [col.confStmtNextDue]: '28/11/2027',
    [col.confStmtLastMadeUp]: '14/11/2026',
    ...changes,
  });
}

const STREET = '20000001';
const PO_BOX_LINE = '20000002';
const PO_BOX_FIELD = '20000003';
const AGENT = '20000010';
const agent = (number: string, name: string, line: string, changes: Record<number, string> = {}) =>
  company(number, name, {
    [col.addressLine1]: line,
    [col.postTown]: 'LONDON',
    [col.postCode]: 'N1 7GU',
    ...changes,
  });
const COMPANIES = [
  agent(AGENT, 'AGENT ONE LIMITED', '20-22 WENLOCK ROAD'),
  agent('20000011', 'AGENT TWO LIMITED', '20 - 22 Wenlock Road'),
  agent('20000012', 'AGENT THREE LIMITED', '20–22, Wenlock Road.'),
  agent('20000013', 'AGENT FOUR LIMITED', '20-22 wenlock road'),
  // Not counted: dissolved, and another building at the same postcode.
  agent('20000014', 'AGENT GONE LIMITED', '20-22 WENLOCK ROAD', {
    [col.status]: 'Dissolved',
    [col.dissolutionDate]: '01/05/2025',
  }),
  agent('20000015', 'AGENT NEIGHBOUR LIMITED', '24 WENLOCK ROAD'),
  company(STREET, 'OFFICE STREET LIMITED', {
    [col.addressLine1]: '4 POST OFFICE ROAD',
    [col.postTown]: 'LEEDS',
    [col.postCode]: 'LS1 4AP',
  }),
  company(PO_BOX_LINE, 'OFFICE PO BOX LIMITED', {
    [col.addressLine1]: 'P.O. BOX 812',
    [col.postTown]: 'LEEDS',
    [col.postCode]: 'LS1 4AQ',
  }),
  company(PO_BOX_FIELD, 'OFFICE BOX FIELD LIMITED', {
    [col.poBox]: '77',
    [col.postTown]: 'LEEDS',
    [col.postCode]: 'LS1 4AR',
  }),
];

describe('KYB registered-office risk', () => {
  let app: TestApp;
  let dir: string;
  let apiKey: string;
  let mcp: Client;

  const em = () => app.services.orm.em.fork();
  const run = (body: Record<string, unknown>) =>
    request<KybCheckResult & ErrorBody>(app, 'POST', '/kyb/checks', { key: apiKey, body });
  const reason = (result: KybCheckResult, code: string) => result.reasons.find((r) => r.code === code);

  beforeAll(async () => {
    app = await startTestApp({ KYB_SHARED_ADDRESS_THRESHOLD: '3' });
    app.services.clock = () => new Date(NOW);
    dir = mkdtempSync(join(tmpdir(), 'cds-kyb-office-'));
    const csv = join(dir, 'companies.csv');
    writeFileSync(csv, [BASIC_COMPANY_DATA_HEADER_LINE, ...COMPANIES, ''].join('\n'));
    await importCompaniesCsv(em(), csv, { asOf: new Date('2026-11-30T00:00:00Z') });
    const account = await signUp(app);
    await setPlan(em(), account.account_id, 'starter');
    apiKey = account.api_key;
    mcp = await connectMcp(app, apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('PO box', () => {
    it('refers a PO box written in an address line, over REST, with the address and the rule', async () => {
      const { status, body } = await run({
        client_reference: 'po-box-line',
        stated_company_name: 'Office PO Box Ltd',
        company_number: PO_BOX_LINE,
      });
      expect(status).toBe(201);
      expect(reason(body, 'registered_office_po_box')).toEqual({
        code: 'registered_office_po_box',
        outcome: 'refer',
        title: 'The registered office is a PO box',
        detail: expect.stringContaining('PO box') as string,
        evidence: {
          kind: 'po_box',
          field: 'address_line_1',
          text: 'P.O. BOX 812',
          registered_office_address: expect.objectContaining({ postal_code: 'LS1 4AQ' }) as object,
          not_appropriate_since: '2024-03-04',
          rule: expect.stringContaining('Economic Crime and Corporate Transparency Act 2023') as string,
        },
      });
      expect(body.checks_performed.find((c) => c.check === 'registered_office')).toMatchObject({
        detail: expect.stringMatching(/; a PO box; /) as string,
      });
    });

    it('refers the register’s own PO box field over MCP', async () => {
      const result = (await callToolChecked(mcp, 'run_kyb_check', {
        client_reference: 'po-box-field',
        stated_company_name: 'Office Box Field Ltd',
        company_number: PO_BOX_FIELD,
      })) as unknown as KybCheckResult;
      expect(reason(result, 'registered_office_po_box')).toMatchObject({
        outcome: 'refer',
        evidence: { kind: 'po_box', field: 'po_box', text: '77' },
      });
    });

    it('gives no PO box reason for a street named Post Office Road', async () => {
      const { body } = await run({
        client_reference: 'street',
        stated_company_name: 'Office Street Ltd',
        company_number: STREET,
      });
      expect(reason(body, 'registered_office_po_box')).toBeUndefined();
      expect(body.checks_performed.find((c) => c.check === 'registered_office')).toMatchObject({
        detail: expect.stringMatching(/; not a PO box; /) as string,
      });
    });
  });

  describe('shared address', () => {
    it('refers an office four active companies share, over REST, with the count and the threshold', async () => {
      const { status, body } = await run({
        client_reference: 'shared',
        stated_company_name: 'Agent One Ltd',
        company_number: AGENT,
      });
      expect(status).toBe(201);
      expect(reason(body, 'registered_office_shared')).toMatchObject({
        outcome: 'refer',
        evidence: {
          active_companies: 4,
          threshold: 3,
          postcode: 'N1 7GU',
          address_line_1: '20-22 WENLOCK ROAD',
        },
      });
    });

    it('counts the same office however its first line is written, over MCP', async () => {
      const result = (await callToolChecked(mcp, 'run_kyb_check', {
        client_reference: 'shared-mcp',
        stated_company_name: 'Agent Three Ltd',
        company_number: '20000012',
      })) as unknown as KybCheckResult;
      expect(reason(result, 'registered_office_shared')).toMatchObject({
        evidence: { active_companies: 4, threshold: 3 },
      });
    });

    it('gives no shared-address reason to the neighbour at the same postcode, and says the count', async () => {
      const { body } = await run({
        client_reference: 'neighbour',
        stated_company_name: 'Agent Neighbour Ltd',
        company_number: '20000015',
      });
      expect(reason(body, 'registered_office_shared')).toBeUndefined();
      expect(body.checks_performed.find((c) => c.check === 'registered_office')).toMatchObject({
        detail: expect.stringContaining('active companies at this address: 1 (threshold 3)') as string,
      });
    });
  });

  describe('stated address', () => {
    const withAddress = (stated_address: unknown) =>
      run({
        client_reference: 'stated',
        stated_company_name: 'Office Street Ltd',
        company_number: STREET,
        stated_address,
      });

    it('refers another postcode over REST, with both addresses', async () => {
      const { status, body } = await withAddress({
        postcode: 'ls1 4aq',
        address_line_1: '4 Post Office Road',
      });
      expect(status).toBe(201);
      expect(reason(body, 'stated_address_mismatch')).toMatchObject({
        outcome: 'refer',
        evidence: {
          differs: ['postcode'],
          stated_address: { postcode: 'ls1 4aq', address_line_1: '4 Post Office Road' },
          registered_office_address: expect.objectContaining({ postal_code: 'LS1 4AP' }) as object,
        },
      });
    });

    it('refers another building over MCP', async () => {
      const result = (await callToolChecked(mcp, 'run_kyb_check', {
        client_reference: 'stated-mcp',
        stated_company_name: 'Office Street Ltd',
        company_number: STREET,
        stated_address: { postcode: 'LS1 4AP', address_line_1: '6 Post Office Road' },
      })) as unknown as KybCheckResult;
      expect(reason(result, 'stated_address_mismatch')).toMatchObject({
        evidence: { differs: ['address_line_1'] },
      });
    });

    it('gives nothing for the same office written differently, and says it matched', async () => {
      const { body } = await withAddress({ postcode: 'LS14AP', address_line_1: '4, Post-Office Road' });
      expect(reason(body, 'stated_address_mismatch')).toBeUndefined();
      expect(body.checks_performed.find((c) => c.check === 'registered_office')!.detail).toMatch(
        /the stated address matched\.$/,
      );
    });

    it('refuses a malformed postcode with 400 invalid_argument', async () => {
      const { status, body } = await withAddress({ postcode: 'EC1V 9' });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_argument' });
      expect(JSON.stringify(body.error)).toContain('stated_address');
    });
  });
});
