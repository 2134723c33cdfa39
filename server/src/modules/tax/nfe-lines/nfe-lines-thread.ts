/**
 * A thread that computes chunks of whole invoices' lines (decisions 050, 053): it receives lines, their reference
 * facts (plain data the request's thread read from the tables), their position and the invoice's shared chunk
 * claims, claims chunks from the back until none is left, and answers with their printed bytes and figures, and the
 * engine's refusal of a line if it met one. It does no I/O.
 */
import { parentPort } from 'node:worker_threads';
import { ChunkClaims, computeChunks } from './nfe-lines-chunks.js';
import type { NfeLinesJob, NfeLinesReply } from './nfe-lines-messages.js';

const port = parentPort;
if (!port) throw new Error('nfe-lines-thread runs as a worker thread only');

port.on('message', (job: NfeLinesJob) => {
  let reply: NfeLinesReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const done = computeChunks(new ChunkClaims(job.claims, job.chunkCount), job.party, job);
    const bytes = done.parts.map((part) => part.bytes);
    const figures = done.parts.map((part) => part.figures);
    reply = { id: job.id, chunks: done.chunks, bytes, figures };
    if (done.refused) {
      const { chunk, error } = done.refused;
      reply.refused = { chunk, field: error.field, message: error.message };
    }
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
