/**
 * The thread that reads an upload's files (decision 056): every event of readSourceFile, sent in batches to the
 * import in the server's thread, which writes them. It runs with a heap limit of its own (read-in-thread.ts): a
 * file that still gets past the readers' bounds ends this thread, never the server. It does no database work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ReadEvent } from './document-model.js';
import { MORE, type ReadThreadInput, type ReadThreadMessage } from './read-thread-messages.js';
import { readSourceFile } from './source-files.js';

const port = parentPort;
if (!port) throw new Error('read-thread runs as a worker thread only');
const input = workerData as ReadThreadInput;

/** Batches sent and not yet asked for again: the thread reads ahead by this many at most. */
let credit = 2;
let wake: (() => void) | null = null;
port.on('message', (m) => {
  if (m !== MORE) return;
  credit++;
  wake?.();
  wake = null;
});
const post = (m: ReadThreadMessage) => port.postMessage(m);

async function send(events: ReadEvent[]) {
  while (credit === 0) await new Promise<void>((r) => (wake = r));
  credit--;
  post({ events });
}

/** A batch closes at this many events or items: one message carries a few thousand items at most. */
const BATCH_EVENTS = 64;
const BATCH_ITEMS = 2000;

try {
  let batch: ReadEvent[] = [];
  let items = 0;
  for (const file of input.files) {
    post({ file: file.fileName });
    for await (const event of readSourceFile(file.path, file.fileName, input.ownerCnpj, input.zip, input.read)) {
      batch.push(event);
      items += 'document' in event ? event.document.items.length : 1;
      if (batch.length >= BATCH_EVENTS || items >= BATCH_ITEMS) {
        await send(batch);
        batch = [];
        items = 0;
      }
    }
  }
  if (batch.length) await send(batch);
  post({ done: true });
} catch (err) {
  post({ failed: err instanceof Error ? err.message : String(err) });
}
