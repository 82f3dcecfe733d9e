import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * A PDF's text as a reader's tools see it (PDF.js, through unpdf), every page joined: read in a child Node
 * process (test/support/pdf-text-reader.mjs), as PDF.js is an ES module jest's module system does not load.
 */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'pdf-text-reader.mjs')],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
}
