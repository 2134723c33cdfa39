import type { Worker, WorkerOptions } from 'node:worker_threads';
import { DEFAULT_NFE_SCHEMA_TIMEOUT_MS } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { startThreadModule } from '../../lib/thread-module.js';
import './nfe-validation.codes.js';
import { type SchemaError, type SchemaPackage, validateSchema } from './nfe-schema.js';
import type { SchemaJob, SchemaReply } from './nfe-schema-messages.js';

export interface SchemaCheckOptions {
  /** Checks run in the schema thread (NFE_SCHEMA_THREAD, default) or in the caller's thread (NFE_SCHEMA_THREAD=0). */
  thread: boolean;
  /** How long one check may wait for the thread, its queue included (NFE_SCHEMA_TIMEOUT_MS). */
  timeoutMs: number;
  /** Where a thread's failure is told (the server's log). */
  log?: (message: string) => void;
}

/** What a thread may take to start (tsx compiling from source on a loaded machine) before its first check counts. */
const START_MS = 30_000;
/** A thread that cannot even start (a broken install) is not started again and again: checks run in-process. */
const MAX_FAILED_STARTS = 3;

interface Waiting {
  resolve: (errors: SchemaError[]) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}
interface Thread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Waiting>;
}

const startSchemaThread = (options: WorkerOptions) =>
  startThreadModule(import.meta.url, { built: 'nfe-schema-thread.js', source: 'nfe-schema-thread.ts' }, options);

const unavailable = (detail?: string) => new AppError('NFE_SCHEMA_UNAVAILABLE', detail);

/**
 * The XSD check of NF-e (decision 073): one long-lived thread with its own libxml2 and both schema packages compiled
 * at its start, started on the first check. Checks queue in the thread in the order they came; each waits at most
 * `timeoutMs`. A thread that dies (or does not answer in time, and is then stopped) fails only the checks it had
 * (503 in Portuguese) and the next check starts a new one. The thread never keeps the process alive (unref), and
 * close() stops it. With `thread: false` the same check runs in the caller's thread (the bench's "before").
 */
export class SchemaChecker {
  private thread: Thread | null = null;
  private nextId = 1;
  private failedStarts = 0;

  constructor(
    readonly options: SchemaCheckOptions,
    /** How a thread is started (tests start one that cannot load). */
    private readonly startWorker: (options: WorkerOptions) => Worker = startSchemaThread,
  ) {}

  /** Whether checks go to the thread. */
  get inThread(): boolean {
    return this.options.thread && this.failedStarts < MAX_FAILED_STARTS;
  }

  /** Checks sent to the thread and not answered yet. */
  get pending(): number {
    return this.thread?.pending.size ?? 0;
  }

  /** The running thread's id (tests: a new thread after a crash), or null. */
  get threadId(): number | null {
    return this.thread?.worker.threadId ?? null;
  }

  /**
   * The schema errors of `bytes` against `pkg` (at most `max`); rejects with a SyntaxError when libxml2 finds the XML
   * malformed. The bytes move to the thread when they own their memory (the caller must not use them afterwards),
   * otherwise they are copied.
   */
  check(bytes: Uint8Array, pkg: SchemaPackage, max: number): Promise<SchemaError[]> {
    if (!this.inThread) {
      try {
        return Promise.resolve(validateSchema(bytes, pkg).slice(0, max));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    const thread = this.thread ?? this.startThread();
    const id = this.nextId++;
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const sent = owned && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
    return new Promise((resolve, reject) => {
      const wait = this.options.timeoutMs + (thread.ready ? 0 : START_MS);
      const timer = setTimeout(() => {
        const seconds = String(Math.round(this.options.timeoutMs / 100) / 10).replace('.', ',');
        this.drop(thread, `A verificação do esquema XSD da NF-e não terminou em ${seconds} s; tente novamente.`);
      }, wait);
      thread.pending.set(id, { resolve, reject, timer });
      const job: SchemaJob = { id, bytes: sent, pkg, max };
      thread.worker.postMessage(job, [sent.buffer as ArrayBuffer]);
    });
  }

  /** Stops the thread (the server's close): checks still waiting fail with 503. */
  async close(): Promise<void> {
    const thread = this.thread;
    if (thread) await this.drop(thread);
  }

  /** Tests: ends the thread as a crash would (its exit goes through the same path as a real one). */
  async killThreadForTests(): Promise<void> {
    await this.thread?.worker.terminate();
  }

  private startThread(): Thread {
    // Its heap holds a job's bytes and errors at a time; libxml2's memory (wasm) is apart from it.
    const worker = this.startWorker({ resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.unref();
    const thread: Thread = { worker, ready: false, pending: new Map() };
    this.thread = thread;
    worker.on('message', (reply: SchemaReply | { ready: true }) => {
      if ('ready' in reply) {
        thread.ready = true;
        this.failedStarts = 0;
        return;
      }
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if ('errors' in reply) waiting.resolve(reply.errors);
      else if ('malformed' in reply) waiting.reject(new SyntaxError(reply.malformed));
      else waiting.reject(new Error(`schema thread: ${reply.failed}`));
    });
    worker.on('error', (err) => void this.drop(thread, undefined, `schema thread failed: ${err.message}`));
    worker.on('exit', (code) => void this.drop(thread, undefined, `schema thread exited (${code})`));
    return thread;
  }

  /** Forgets `thread` (once), fails its waiting checks with 503 and stops it. */
  private drop(thread: Thread, detail?: string, reason?: string): Promise<number> | undefined {
    if (this.thread !== thread) return;
    this.thread = null;
    if (!thread.ready) this.failedStarts++;
    const error = unavailable(detail);
    for (const waiting of thread.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    thread.pending.clear();
    if (reason ?? detail) {
      const stop = this.failedStarts >= MAX_FAILED_STARTS ? '; no more threads are started: checks run in-process' : '';
      this.options.log?.(`${reason ?? 'schema thread stopped: no answer in time'}${stop}`);
    }
    return thread.worker.terminate();
  }
}

/** The process's schema checker: one thread per process, whatever the number of apps built in it (tests). */
export const nfeSchemaCheck = new SchemaChecker({ thread: true, timeoutMs: DEFAULT_NFE_SCHEMA_TIMEOUT_MS });
let users = 0;

/**
 * An app's use of the process's checker with its configuration (config.nfeSchemaThread, nfeSchemaTimeoutMs); the
 * returned function ends it, and the last app to close stops the thread.
 */
export function useNfeSchemaCheck(options: SchemaCheckOptions): () => Promise<void> {
  users++;
  Object.assign(nfeSchemaCheck.options, options);
  return async () => {
    if (--users === 0) await nfeSchemaCheck.close();
  };
}
