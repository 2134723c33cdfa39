import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startThreadModule } from '../../../lib/thread-module.js';
import type { ComputedChunks } from './nfe-lines-chunks.js';
import type { NfeLinesJob, NfeLinesReply } from './nfe-lines-messages.js';

export interface NfeLinesThread {
  worker: Worker;
  ready: boolean;
  /** Settles when the thread says it is ready (or dies first). */
  started: Promise<void>;
  pending: Map<number, { resolve: (done: ComputedChunks) => void; reject: (err: Error) => void }>;
  /** The facts snapshot last sent to it (messages arrive in order: every later job may count on it). */
  factsId?: number;
}
type Thread = NfeLinesThread;

/** The thread's module, from the build or from source (lib/thread-module.ts). */
const startWorker = (options: WorkerOptions): Worker =>
  startThreadModule(import.meta.url, { built: 'nfe-lines-thread.js', source: 'nfe-lines-thread.ts' }, options);

/** A thread that cannot even start (a broken install) is not started again and again. */
const MAX_FAILED_STARTS = 3;

/**
 * Threads that compute chunks of large whole invoices (decisions 050, 053). They start on the first large invoice,
 * in the background: until one says it is ready, invoices are computed whole in the request's thread, so a slow
 * start never delays an answer. A thread that dies fails its pending jobs (the caller computes the chunks it had
 * claimed itself) and is started again on the next large invoice.
 */
export class NfeLinesPool {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;
  /** Chunks of invoices' lines the threads computed and printed (tests: they fail when no split happens). */
  chunksDone = 0;
  /** Threads that died in a row before one got ready: from MAX_FAILED_STARTS on, no more are started. */
  private failedStarts = 0;

  constructor(
    private readonly size: number,
    private readonly onFailure: (message: string) => void = () => {},
    /** How a thread is started (tests start one that cannot load). */
    private readonly startWorkerWith: (options: WorkerOptions) => Worker = startWorker,
  ) {}

  /** Threads started and not dead (ready or starting). */
  get threadCount(): number {
    return this.threads.length;
  }

  /** How many threads can take a part now (starting the missing ones for the next invoices). */
  takeReady(): Thread[] {
    if (this.closed) return [];
    while (this.threads.length < this.size && this.failedStarts < MAX_FAILED_STARTS)
      this.threads.push(this.startThread());
    return this.threads.filter((t) => t.ready).sort((a, b) => a.pending.size - b.pending.size);
  }

  /** Starts the threads and waits until each is ready: a server can warm them up, a test can count on them. */
  async start(): Promise<void> {
    this.takeReady();
    await Promise.all(this.threads.map((t) => t.started));
  }

  /**
   * The chunks `thread` claimed, checked, computed and printed, and whether it met a refused line. The facts
   * snapshot's text goes with the job when the thread does not have that snapshot yet.
   */
  run(thread: Thread, job: Omit<NfeLinesJob, 'id' | 'factsText'>, factsText: string): Promise<ComputedChunks> {
    const id = this.nextId++;
    const sent: NfeLinesJob = { id, ...job };
    if (thread.factsId !== job.factsId) {
      sent.factsText = factsText;
      thread.factsId = job.factsId;
    }
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage(sent);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private startThread(): Thread {
    // Its heap holds the facts snapshot (≈ 1.4 MB of text, indexed) and at most one invoice's lines and printed chunks
    // (990 lines ≈ 2 MB printed) per queued job.
    const worker = this.startWorkerWith({ resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.unref();
    let started = () => {};
    const thread: Thread = { worker, ready: false, pending: new Map(), started: new Promise((r) => (started = r)) };
    worker.on('message', (reply: NfeLinesReply | { ready: true }) => {
      if ('ready' in reply) {
        thread.ready = true;
        this.failedStarts = 0;
        started();
        return;
      }
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('failed' in reply) {
        // It may have failed indexing the snapshot: the next job sends it again.
        thread.factsId = undefined;
        waiting.reject(new Error(reply.failed));
        return;
      }
      this.chunksDone += reply.chunks.length;
      const { chunks, bytes, figures, refused } = reply;
      waiting.resolve({ chunks, parts: chunks.map((_, i) => ({ bytes: bytes[i]!, figures: figures[i]! })), refused });
    });
    let dropped = false;
    const drop = (reason: string) => {
      if (dropped) return;
      dropped = true;
      if (!thread.ready) this.failedStarts++;
      started();
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      for (const waiting of thread.pending.values()) waiting.reject(new Error(reason));
      thread.pending.clear();
      if (this.closed) return;
      this.onFailure(
        this.failedStarts >= MAX_FAILED_STARTS
          ? `${reason}; no more threads are started: whole invoices are computed in the request's thread`
          : reason,
      );
    };
    worker.on('error', (err) => drop(`thread of invoice lines failed: ${err.message}`));
    worker.on('exit', (code) => drop(`thread of invoice lines exited (${code})`));
    return thread;
  }
}
