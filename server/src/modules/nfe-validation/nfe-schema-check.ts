import type { Worker, WorkerOptions } from 'node:worker_threads';
import {
  DEFAULT_NFE_SCHEMA_MAX_PENDING,
  DEFAULT_NFE_SCHEMA_MAX_QUEUED_BYTES,
  DEFAULT_NFE_SCHEMA_TIMEOUT_MS,
} from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { startThreadModule } from '../../lib/thread-module.js';
import './nfe-validation.codes.js';
import { type SchemaError, type SchemaPackage, validateSchema } from './nfe-schema.js';
import type { SchemaJob, SchemaReply } from './nfe-schema-messages.js';

export interface SchemaCheckOptions {
  /** Checks run in the schema thread (NFE_SCHEMA_THREAD, default) or in the caller's thread (NFE_SCHEMA_THREAD=0). */
  thread: boolean;
  /** Plain valid documents are proven valid without libxml2 (NFE_SCHEMA_FAST, decision 077); default on. */
  fast?: boolean;
  /** How long one check may wait for the thread, its queue included, and run in it (NFE_SCHEMA_TIMEOUT_MS). */
  timeoutMs: number;
  /** Checks waiting for the thread at most (NFE_SCHEMA_MAX_PENDING); above it, 503 with Retry-After. */
  maxPending?: number;
  /** Bytes held for the thread at most (NFE_SCHEMA_MAX_QUEUED_MB); above it, 503 with Retry-After. */
  maxQueuedBytes?: number;
  /** After three threads in a row failed to start, checks run in-process this long before a thread is tried again. */
  coolDownMs?: number;
  /** Where a thread's failure is told (the server's log). */
  log?: (message: string) => void;
}

/** What a thread may take to start (tsx compiling from source on a loaded machine) before its first check counts. */
const START_MS = 30_000;
/** Threads in a row that die before being ready (a broken install): checks then run in-process for a cool-down. */
const MAX_FAILED_STARTS = 3;
const COOL_DOWN_MS = 60_000;
/** Retry-After of a full queue or a late check (seconds of work queued) and of a thread that failed (a new one). */
const BUSY_RETRY_S = 5;
const FAILED_RETRY_S = 1;

/** One job posted to the thread, until the thread answers it (run or skipped): its bytes are held until then. */
interface Job {
  id: number;
  bytes: number;
  cancel: Int32Array;
  /** The caller's promise, until it is settled (answer, timeout, cancel); the job may stay queued after that. */
  waiting: { resolve: (errors: SchemaError[]) => void; reject: (err: Error) => void } | null;
  timer: NodeJS.Timeout | null;
}
interface Thread {
  worker: Worker;
  ready: boolean;
  /** Jobs posted and not answered, in the order they were posted: the first is the one the thread runs. */
  jobs: Map<number, Job>;
  /** Jobs someone still waits for, and the bytes of every job in `jobs`. */
  live: number;
  bytes: number;
  /** Fires when the job the thread runs has run longer than timeoutMs (or the thread did not start in START_MS). */
  watchdog: NodeJS.Timeout | null;
}

const startSchemaThread = (options: WorkerOptions) =>
  startThreadModule(import.meta.url, { built: 'nfe-schema-thread.js', source: 'nfe-schema-thread.ts' }, options);

const retryLater = (code: 'NFE_SCHEMA_UNAVAILABLE' | 'NFE_SCHEMA_BUSY', seconds: number, detail?: string) => {
  const err = new AppError(code, detail);
  err.retryAfterSeconds = seconds;
  return err;
};
const unavailable = (detail?: string) => retryLater('NFE_SCHEMA_UNAVAILABLE', FAILED_RETRY_S, detail);
const busy = (detail?: string) => retryLater('NFE_SCHEMA_BUSY', BUSY_RETRY_S, detail);

/** A wait as the messages say it: "800 ms", "15 s", "1,5 s". */
export const formatWait = (ms: number) =>
  ms < 1000 ? `${ms} ms` : `${String(Math.round(ms / 100) / 10).replace('.', ',')} s`;

/** Why a check was cancelled by its caller (its body was refused): nobody reads it. */
export class SchemaCheckCancelled extends Error {
  override readonly name = 'SchemaCheckCancelled';
}

/**
 * The XSD check of NF-e (decision 073): one long-lived thread with its own libxml2 and both schema packages compiled
 * at its start, started on the first check. Checks queue in the thread in the order they came, at most `maxPending`
 * of them and `maxQueuedBytes` of bytes (above it, 503 with Retry-After). A check waits at most `timeoutMs`: past it,
 * that check alone gets a 503 and the thread skips it; the thread is stopped only when the check it runs has run that
 * long itself (it may be stuck). A cancelled check (its body refused) is skipped too. A thread that dies fails the
 * checks it had (503) and the next check starts a new one. The thread never keeps the process alive (unref), and
 * close() stops it. With `thread: false` the same check runs in the caller's thread (the bench's "before").
 */
export class SchemaChecker {
  private thread: Thread | null = null;
  private nextId = 1;
  private failedStarts = 0;
  private retryThreadAt = 0;
  /** Jobs the thread skipped because nobody waited for them any more (tests, the log). */
  skipped = 0;

  constructor(
    readonly options: SchemaCheckOptions,
    /** How a thread is started (tests start one that cannot load, or a stand-in). */
    private readonly startWorker: (options: WorkerOptions) => Worker = startSchemaThread,
  ) {}

  /** Whether checks go to the thread (not during the cool-down after three failed starts). */
  get inThread(): boolean {
    return this.options.thread && (this.failedStarts < MAX_FAILED_STARTS || Date.now() >= this.retryThreadAt);
  }

  /** Checks sent to the thread that someone still waits for. */
  get pending(): number {
    return this.thread?.live ?? 0;
  }

  /** Bytes held for the thread (jobs not answered yet, cancelled ones included until the thread skips them). */
  get queuedBytes(): number {
    return this.thread?.bytes ?? 0;
  }

  /** The running thread's id (tests: a new thread after a crash), or null. */
  get threadId(): number | null {
    return this.thread?.worker.threadId ?? null;
  }

  /**
   * The schema errors of `bytes` against `pkg` (at most `max`); rejects with a SyntaxError when libxml2 finds the XML
   * malformed. The bytes move to the thread when they own their memory (the caller must not use them afterwards),
   * otherwise they are copied. Aborting `signal` (the body was refused) rejects the check and the thread skips it.
   */
  check(bytes: Uint8Array, pkg: SchemaPackage, max: number, signal?: AbortSignal): Promise<SchemaError[]> {
    if (!this.inThread) {
      try {
        return Promise.resolve(validateSchema(bytes, pkg, max));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    if (signal?.aborted) return Promise.reject(new SchemaCheckCancelled());
    const thread = this.thread ?? this.startThread();
    const maxPending = this.options.maxPending ?? DEFAULT_NFE_SCHEMA_MAX_PENDING;
    const maxBytes = this.options.maxQueuedBytes ?? DEFAULT_NFE_SCHEMA_MAX_QUEUED_BYTES;
    if (thread.live >= maxPending || (thread.bytes > 0 && thread.bytes + bytes.byteLength > maxBytes)) {
      return Promise.reject(busy());
    }
    const id = this.nextId++;
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const sent = owned && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const size = sent.byteLength; // read before the move: a moved buffer's length is 0
    return new Promise((resolve, reject) => {
      const message: SchemaJob = { id, bytes: sent, pkg, max, cancel };
      // Posted before anything is recorded: bytes that cannot be sent (already moved elsewhere) leave nothing behind.
      try {
        thread.worker.postMessage(message, [sent.buffer as ArrayBuffer]);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const job: Job = { id, bytes: size, cancel, waiting: { resolve, reject }, timer: null };
      thread.jobs.set(id, job);
      thread.live++;
      thread.bytes += job.bytes;
      const wait = this.options.timeoutMs + (thread.ready ? 0 : START_MS);
      job.timer = setTimeout(() => {
        const detail = `A fila da verificação do esquema XSD da NF-e está ocupada: a verificação desta NF-e não terminou em ${formatWait(wait)}; tente novamente em alguns segundos.`;
        this.settle(thread, job, busy(detail));
      }, wait);
      if (thread.jobs.size === 1) this.watchRunning(thread);
      signal?.addEventListener('abort', () => this.settle(thread, job, new SchemaCheckCancelled()), { once: true });
    });
  }

  /** Stops the thread (the server's close): checks still waiting fail with 503. */
  async close(): Promise<void> {
    const thread = this.thread;
    if (thread) await this.drop(thread, { reason: null });
  }

  /** Tests: ends the thread as a crash would (its exit goes through the same path as a real one). */
  async killThreadForTests(): Promise<void> {
    await this.thread?.worker.terminate();
  }

  private startThread(): Thread {
    // Its heap holds a job's bytes and errors at a time; libxml2's memory (wasm) is apart from it.
    const worker = this.startWorker({ resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.unref();
    const thread: Thread = { worker, ready: false, jobs: new Map(), live: 0, bytes: 0, watchdog: null };
    this.thread = thread;
    // A thread that does not even start in time is stopped (a loaded machine, not a broken install: not counted).
    thread.watchdog = setTimeout(
      () => this.drop(thread, { reason: `schema thread stopped: not ready in ${START_MS} ms` }),
      START_MS,
    );
    worker.on('message', (reply: SchemaReply | { ready: true }) => {
      if ('ready' in reply) {
        thread.ready = true;
        this.failedStarts = 0;
        this.watchRunning(thread);
        return;
      }
      const job = thread.jobs.get(reply.id);
      if (!job) return;
      thread.jobs.delete(reply.id);
      thread.bytes -= job.bytes;
      if ('skipped' in reply) this.skipped++;
      else if ('errors' in reply) this.settle(thread, job, reply.errors);
      else if ('malformed' in reply) this.settle(thread, job, new SyntaxError(reply.malformed));
      else {
        // A failure inside libxml2 (a trap): nothing says the document is at fault, and the thread ends (a new one
        // for the next check). 503, as when the thread dies, and the log keeps libxml2's words.
        this.options.log?.(`schema thread: the check failed inside libxml2 (${reply.failed})`);
        this.settle(
          thread,
          job,
          unavailable('A verificação do esquema XSD da NF-e falhou no validador (libxml2); tente novamente.'),
        );
      }
      this.watchRunning(thread);
    });
    worker.on('error', (err) =>
      this.drop(thread, { reason: `schema thread failed: ${err.message}`, failedStart: true }),
    );
    worker.on('exit', (code) => this.drop(thread, { reason: `schema thread exited (${code})`, failedStart: true }));
    return thread;
  }

  /** Answers a job's caller once (the job itself stays until the thread answers it; a settled one is skipped). */
  private settle(thread: Thread, job: Job, outcome: SchemaError[] | Error): void {
    const waiting = job.waiting;
    if (!waiting) return;
    job.waiting = null;
    if (job.timer) clearTimeout(job.timer);
    thread.live--;
    Atomics.store(job.cancel, 0, 1);
    if (outcome instanceof Error) waiting.reject(outcome);
    else waiting.resolve(outcome);
  }

  /**
   * The first job not answered is the one the thread runs (jobs run in order; it started when the one before it was
   * answered): past timeoutMs of its own, the thread is taken as stuck and stopped.
   */
  private watchRunning(thread: Thread): void {
    if (!thread.ready || this.thread !== thread) return;
    if (thread.watchdog) clearTimeout(thread.watchdog);
    thread.watchdog = null;
    const running = thread.jobs.values().next().value;
    if (!running) return;
    const limit = this.options.timeoutMs;
    thread.watchdog = setTimeout(() => {
      const detail = `A verificação do esquema XSD da NF-e não terminou em ${formatWait(limit)}; tente novamente.`;
      this.settle(thread, running, unavailable(detail));
      void this.drop(thread, { reason: `schema thread stopped: one check ran more than ${limit} ms` });
    }, limit);
  }

  /** Forgets `thread` (once), fails the checks still waiting for it with 503 and stops it. */
  private drop(thread: Thread, how: { reason: string | null; failedStart?: boolean }): Promise<number> | undefined {
    if (this.thread !== thread) return;
    this.thread = null;
    if (thread.watchdog) clearTimeout(thread.watchdog);
    // Only a thread that died on its own before being ready says the install may be broken; one closed or stopped
    // while starting (a loaded machine) does not.
    if (how.failedStart && !thread.ready && ++this.failedStarts >= MAX_FAILED_STARTS) {
      this.retryThreadAt = Date.now() + (this.options.coolDownMs ?? COOL_DOWN_MS);
    }
    const error = unavailable();
    for (const job of thread.jobs.values()) this.settle(thread, job, error);
    thread.jobs.clear();
    if (how.reason) {
      const seconds = Math.round((this.options.coolDownMs ?? COOL_DOWN_MS) / 1000);
      const fallback =
        this.failedStarts >= MAX_FAILED_STARTS
          ? `; checks run in-process for ${seconds} s, then a thread is tried again`
          : '';
      this.options.log?.(`${how.reason}${fallback}`);
    }
    return thread.worker.terminate();
  }
}

/** The process's schema checker: one thread per process, whatever the number of apps built in it (tests). */
export const nfeSchemaCheck = new SchemaChecker({ thread: true, timeoutMs: DEFAULT_NFE_SCHEMA_TIMEOUT_MS });
let users = 0;

/**
 * An app's use of the process's checker with its configuration (config.nfeSchemaThread, nfeSchemaTimeoutMs,
 * nfeSchemaMaxPending, nfeSchemaMaxQueuedBytes); the returned function ends it, and the last app to close stops the
 * thread.
 */
export function useNfeSchemaCheck(options: SchemaCheckOptions): () => Promise<void> {
  users++;
  Object.assign(nfeSchemaCheck.options, options);
  return async () => {
    if (--users === 0) await nfeSchemaCheck.close();
  };
}
