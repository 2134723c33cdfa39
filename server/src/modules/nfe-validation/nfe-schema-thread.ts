/**
 * The schema thread (decision 073): a libxml2 instance of its own, with both schema packages compiled once when it
 * starts, that checks NF-e bytes against the XSD while the request's thread runs the rule book. One job at a time, in
 * the order they came; a job nobody waits for any more (its `cancel` flag set) is skipped, not run. It does no I/O
 * after its start (the XSDs are read once, into libxml2's memory).
 */
import { parentPort } from 'node:worker_threads';
import { validateSchema, warmSchemas } from './nfe-schema.js';
import type { SchemaJob, SchemaReply } from './nfe-schema-messages.js';

const port = parentPort;
if (!port) throw new Error('nfe-schema-thread runs as a worker thread only');

warmSchemas();
port.on('message', (job: SchemaJob) => {
  if (Atomics.load(job.cancel, 0) === 1) {
    port.postMessage({ id: job.id, skipped: true } satisfies SchemaReply);
    return;
  }
  let reply: SchemaReply;
  let lastError: unknown;
  try {
    reply = { id: job.id, errors: validateSchema(job.bytes, job.pkg, job.max) };
  } catch (err) {
    lastError = err;
    reply =
      err instanceof SyntaxError
        ? { id: job.id, malformed: err.message }
        : { id: job.id, failed: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  port.postMessage(reply);
  // A trap inside libxml2 (out of its memory…) may leave its state broken: this thread ends, the next check starts a
  // fresh one (nfe-schema-check.ts).
  if (lastError instanceof Error && lastError.name === 'RuntimeError') process.exit(1);
});
port.postMessage({ ready: true });
