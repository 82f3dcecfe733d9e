import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

const CHUNK_CHARS = 1 << 16;

/**
 * Text written to a stream in chunks of about 64 KiB, waiting for 'drain' whenever the stream asks: a generator
 * of millions of lines writes at disk speed without holding the file in memory or a write call per line.
 */
export class ChunkedWriter {
  private chunk = '';

  constructor(private readonly out: Writable) {}

  async write(text: string): Promise<void> {
    this.chunk += text;
    if (this.chunk.length >= CHUNK_CHARS) await this.flush();
  }

  /** Writes what is left; `end` also ends the stream and waits until it has finished. */
  async close(end: boolean): Promise<void> {
    await this.flush();
    if (!end) return;
    this.out.end();
    await finished(this.out);
  }

  private async flush(): Promise<void> {
    const chunk = this.chunk;
    this.chunk = '';
    if (chunk.length > 0 && !this.out.write(chunk)) await once(this.out, 'drain');
  }
}
