import type { Worker, WorkerOptions } from 'node:worker_threads';
import type { DocumentLimits } from '../../../config.js';
import { startThreadModule } from '../../../lib/thread-module.js';
import type { ReadEvent } from './document-model.js';
import { formatCount } from './nfe-layout-limits.js';
import { MORE, type ReadThreadInput, type ReadThreadMessage } from './read-thread-messages.js';
import { DOCUMENT_ZIP_LIMITS } from './zip-file-reader.js';

/** The reading thread ended without finishing: the import ends Failed with this (Portuguese) reason. */
export class ReadThreadFailure extends Error {}

/** The thread's module, from the build or from source (lib/thread-module.ts). */
const startWorker = (options: WorkerOptions): Worker =>
  startThreadModule(import.meta.url, { built: 'documents-read-thread.js', source: 'read-thread.ts' }, options);

/** What a thread may take to start before its reading time counts (a loaded machine, tsx from source). */
const THREAD_START_MS = 60_000;

const minutes = (s: number) => (s % 60 === 0 ? `${formatCount(s / 60)} min` : `${formatCount(s)} s`);

/**
 * Every event of the upload's files, read in a worker thread whose heap is limited (DocumentLimits.readerHeapMb):
 * an out-of-memory there ends the thread and this import (ReadThreadFailure, naming the file), never the server.
 * The thread reads at most two batches ahead of the caller. Past the import's time budget the thread is stopped and
 * one problem says so; what was read until then is kept. Leaving the loop early stops the thread too.
 */
export async function* readFilesInThread(
  files: { path: string; fileName: string }[],
  ownerCnpj: string,
  limits: DocumentLimits,
): AsyncGenerator<ReadEvent> {
  const input: ReadThreadInput = {
    files,
    ownerCnpj,
    zip: { ...DOCUMENT_ZIP_LIMITS, maxEntries: limits.maxZipEntries, maxEntryBytes: limits.maxZipEntryBytes },
    read: {
      maxTextChars: limits.maxTextChars,
      maxItems: limits.maxItems,
      maxZipEntries: limits.maxZipEntries,
      maxZipEntryBytes: limits.maxZipEntryBytes,
      auditRules: limits.auditRules,
    },
  };
  const worker = startWorker({
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.readerHeapMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.min(16, Math.floor(limits.readerHeapMb / 4))),
    },
  });
  const queue: ReadThreadMessage[] = [];
  let ended: ReadThreadFailure | null = null;
  let exited = false;
  let notify: (() => void) | null = null;
  let file = files[0]?.fileName ?? '';
  const wakeUp = () => {
    notify?.();
    notify = null;
  };
  worker.on('message', (m: ReadThreadMessage) => {
    queue.push(m);
    wakeUp();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    ended ??= new ReadThreadFailure(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `O arquivo ${file} excedeu o limite de memória da leitura (${formatCount(limits.readerHeapMb)} MB) e a importação foi interrompida; os documentos já gravados foram mantidos.`
        : `A leitura do arquivo ${file} falhou e a importação foi interrompida; os documentos já gravados foram mantidos.`,
    );
    wakeUp();
  });
  worker.on('exit', () => {
    exited = true;
    ended ??= new ReadThreadFailure(
      `A leitura do arquivo ${file} parou antes do fim e a importação foi interrompida; os documentos já gravados foram mantidos.`,
    );
    wakeUp();
  });
  // The budget counts reading time: from the thread's first file (its start, a module load, is not reading).
  let deadline = Date.now() + limits.importSeconds * 1000 + THREAD_START_MS;
  let reading = false;
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        if (ended && exited) throw ended;
        const left = deadline - Date.now();
        if (left <= 0) {
          yield {
            problem: {
              fileName: file,
              line: null,
              message: `A leitura passou do limite de ${minutes(limits.importSeconds)} por importação: o restante dos arquivos não foi lido.`,
            },
          };
          return;
        }
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          notify = resolve;
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
        continue;
      }
      if ('file' in m) {
        file = m.file;
        if (!reading) deadline = Date.now() + limits.importSeconds * 1000;
        reading = true;
      } else if ('events' in m) {
        worker.postMessage(MORE);
        yield* m.events;
      } else if ('failed' in m) throw new Error(m.failed);
      else return;
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
