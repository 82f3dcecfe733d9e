import { csvField, csvLines } from '../../../src/web/screen-csv';

describe('the screener’s CSV', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('ACME, LTD')).toBe('"ACME, LTD"');
    expect(csvField('THE "BEST" LTD')).toBe('"THE ""BEST"" LTD"');
    expect(csvField('LINE\nTWO')).toBe('"LINE\nTWO"');
    expect(csvField('CR\rONLY')).toBe('"CR\rONLY"');
    expect(csvField('PLAIN LTD')).toBe('PLAIN LTD');
    expect(csvField(null)).toBe('');
  });

  it.each(['=SUM(A1:A2)', '+44 20', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'makes text starting like a formula inert: %j',
    (text) => {
      expect(csvField(text).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('guards and quotes at once, and leaves numbers (a loss) as numbers', () => {
    expect(csvField('=HYPERLINK("http://x"),1')).toBe('"\'=HYPERLINK(""http://x""),1"');
    expect(csvField(-5000)).toBe('-5000');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('ends every line with CRLF', () => {
    expect(
      csvLines([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });
});
