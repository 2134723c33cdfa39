import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on one of the server's own modules, from source and from the build alike: in production the
 * bundle's file next to server.js (build-server.ts writes one per thread entry point); from source (tests,
 * `npm run dev`, the benches) the TypeScript file through tsx's loader, which a worker's execArgv cannot register on
 * Node 20. `callerUrl` is the caller's import.meta.url: the source file is looked up beside the caller.
 */
export function startThreadModule(
  callerUrl: string,
  files: { built: string; source: string },
  options: WorkerOptions,
): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${files.built}`, callerUrl), options);
  const source = new URL(`./${files.source}`, callerUrl).href;
  const load = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { ...options, eval: true });
}
