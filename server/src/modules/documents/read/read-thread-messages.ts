import type { ReadEvent } from './document-model.js';
import type { ReadLimits } from './nfe-layout-limits.js';
import type { ZipLimits } from './zip-file-reader.js';

/** What the reading thread is given (decision 056): the upload's files in order and the limits to read them by. */
export interface ReadThreadInput {
  files: { path: string; fileName: string }[];
  ownerCnpj: string;
  zip: ZipLimits;
  read: ReadLimits;
}

/**
 * The thread's messages: the file it starts, a batch of events (it sends the next only when the import asks for
 * more, so the events waiting in memory stay a few batches), the end, or a failure of its own code.
 */
export type ReadThreadMessage = { file: string } | { events: ReadEvent[] } | { done: true } | { failed: string };

/** The import asks for one more batch. */
export const MORE = 'more';
