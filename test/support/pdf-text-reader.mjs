// Reads a PDF from stdin and prints its text, with PDF.js (through unpdf). A child process of its own because
// unpdf loads PDF.js with import(), which jest's CommonJS module system cannot run.
import { Buffer } from 'node:buffer';
import { extractText, getDocumentProxy } from 'unpdf';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text } = await extractText(pdf, { mergePages: true });
process.stdout.write(text);
