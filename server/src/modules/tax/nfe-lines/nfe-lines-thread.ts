/**
 * A thread that computes chunks of whole invoices' lines (decisions 050, 053): it receives items as the body has
 * them, their position, the invoice's date and shared chunk claims, and the facts snapshot to use (its text when it
 * is new to the thread); it claims chunks from the back until none is left, checks and computes their lines as the
 * request's thread would, and answers with their printed bytes and figures, or that it met a refused line. It does
 * no I/O.
 */
import { parentPort } from 'node:worker_threads';
import { type FactsReader, indexTaxFacts, readerOf } from '../tax-facts-index.js';
import { ChunkClaims, computeChunks } from './nfe-lines-chunks.js';
import type { NfeLinesJob, NfeLinesReply } from './nfe-lines-messages.js';

const port = parentPort;
if (!port) throw new Error('nfe-lines-thread runs as a worker thread only');

/** The last snapshot indexed here (a new one comes with its text). */
let facts: { id: number; read: FactsReader } | undefined;

port.on('message', (job: NfeLinesJob) => {
  let reply: NfeLinesReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.factsText !== undefined)
      facts = { id: job.factsId, read: readerOf(indexTaxFacts(JSON.parse(job.factsText))) };
    if (facts?.id !== job.factsId) throw new Error(`facts snapshot ${job.factsId} was never sent`);
    const lines = { operacao: job.operacao, items: job.items, offset: job.offset, date: job.date, read: facts.read };
    const done = computeChunks(new ChunkClaims(job.claims, job.chunkCount), job.party, lines);
    const bytes = done.parts.map((part) => part.bytes);
    const figures = done.parts.map((part) => part.figures);
    reply = { id: job.id, chunks: done.chunks, bytes, figures, refused: done.refused === true };
    // The printed bytes' own memory moves to the request's thread instead of being copied.
    for (const part of bytes)
      if (part.byteOffset === 0 && part.byteLength === part.buffer.byteLength)
        transfer.push(part.buffer as ArrayBuffer);
    for (const part of figures) transfer.push(part.buffer as ArrayBuffer);
  } catch (err) {
    reply = { id: job.id, failed: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, transfer);
});
port.postMessage({ ready: true });
