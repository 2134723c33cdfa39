import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { StartupError } from './db/embedded.js';
import { type OpenedDatabase, openDatabase } from './db/open-database.js';
import { recordServerUrl } from './lib/server-url.js';
import { bootstrapAdmin } from './modules/identity/bootstrap-admin.js';
import { loadBundledReferenceTables } from './modules/reference/loaders/load-reference-tables.js';

/** A process manager waits ~10 s after SIGTERM before SIGKILL; stop by ourselves before that. */
const SHUTDOWN_DEADLINE_MS = 8_000;

let opened: OpenedDatabase | undefined;
let closeApp: (() => Promise<void>) | undefined;
let stopping = false;

/**
 * Stops the app and the database we started, whatever made us stop: a signal, a startup failure,
 * an uncaught error. Without this an abnormal exit left the embedded PostgreSQL running on its port.
 */
async function stop(code: number, reason: string): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (reason) console.error(reason);
    // Never wait forever for a stuck request or connection: the deadline still stops the database.
    const deadline = setTimeout(() => {
      console.error('Encerramento demorou demais; saindo.');
      process.exit(code || 1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await closeApp?.().catch(() => undefined);
    await opened?.close().catch(() => undefined);
    process.exit(code);
  }
  return new Promise<never>(() => {});
}

async function main() {
  const config = loadConfig();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop(0, `${signal} recebido, encerrando...`));
  }
  // A crash still stops the database. The message only: an error's text may carry request data.
  process.on('uncaughtException', (err) => void stop(1, `Erro inesperado (${err.name}); encerrando.`));
  process.on('unhandledRejection', () => void stop(1, 'Erro inesperado (promessa rejeitada); encerrando.'));

  opened = await openDatabase(config, { log: (m) => console.log(m) });
  if (stopping) return;
  // The bundled official tables (reference-data/): loaded on the first start, reloaded when a release changes them.
  for (const r of await loadBundledReferenceTables(opened.database.pool))
    console.log(`tabela ${r.table}: ${r.rowCount} registros`);
  const app = await buildApp({ config, database: opened.database });
  closeApp = () => app.close();
  await bootstrapAdmin(app);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    await stop(
      1,
      code === 'EADDRINUSE'
        ? `\nA porta ${config.port} já está em uso. Pare o outro processo ou defina PORT com outra porta.`
        : `\nNão foi possível iniciar o servidor: ${(err as Error).message}`,
    );
  }
  recordServerUrl(config);
  console.log(`\nPlataforma Fiscal em ${config.publicUrl}  (documentação da API: ${config.publicUrl}/docs)`);
}

main().catch((err) => {
  const message =
    err instanceof StartupError
      ? `\n${err.message}`
      : `\nFalha ao iniciar: ${err instanceof Error ? err.message : String(err)}`;
  void stop(1, message);
});
