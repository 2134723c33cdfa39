/**
 * A thread that computes and prints part of a whole invoice's lines (decision 050): it receives the lines, their
 * reference facts (plain data the request's thread read from the tables) and their position in the invoice, and
 * answers with printNfeLines' bytes and figures, or with the engine's refusal of a line. It does no I/O.
 */
import { parentPort } from 'node:worker_threads';
import { TaxInputError } from '@app/tax-engine';
import { printNfeLines } from '../tax-answer-print.js';
import type { NfeLinesJob, NfeLinesReply } from './nfe-lines-messages.js';

const port = parentPort;
if (!port) throw new Error('nfe-lines-thread runs as a worker thread only');

port.on('message', (job: NfeLinesJob) => {
  let reply: NfeLinesReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const { bytes, figures } = printNfeLines(job.operacao, job.itens, job.contexts, job.offset);
    reply = { id: job.id, bytes, figures };
    // The bytes' own memory moves to the request's thread instead of being copied.
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
      transfer.push(bytes.buffer as ArrayBuffer);
    transfer.push(figures.buffer as ArrayBuffer);
  } catch (err) {
    reply =
      err instanceof TaxInputError
        ? { id: job.id, refused: { field: err.field, message: err.message } }
        : { id: job.id, failed: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, transfer);
});
port.postMessage({ ready: true });
