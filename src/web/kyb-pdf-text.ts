/*
 * The PDF's standard fonts (Helvetica) encode text as Windows-1252 (WinAnsi), one byte a character: pdfkit writes
 * any other character as a wrong glyph. Company and officer names can hold any Unicode letter, so each is brought
 * into WinAnsi here: accents the code page lacks are dropped after decomposing (Ł is not decomposable: '?'), and
 * anything still outside it is '?', so the record never prints a wrong letter silently.
 */

/** The characters above Latin-1 that WinAnsi holds (its 0x80–0x9F block). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((char) => char.charCodeAt(0)));

function inWinAnsi(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);
}

export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && inWinAnsi(code)) {
      out += char;
      continue;
    }
    const stripped = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out +=
      [...stripped].every((c) => c.length === 1 && inWinAnsi(c.charCodeAt(0))) && stripped !== ''
        ? stripped
        : '?';
  }
  return out;
}
