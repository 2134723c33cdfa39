import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { createPasswordResetLink } from './password-reset.js';

export interface BootstrapResult {
  created: boolean;
  /** Only when the Admin was created without a password: the one-time link that was printed. */
  setPasswordUrl?: string;
}

/**
 * First start on an empty database creates the Admin from ADMIN_EMAIL/ADMIN_PASSWORD. Without a
 * password the Admin is created passwordless and a one-time set-password link is printed, so no
 * default password ever exists. An advisory lock keeps two processes starting together from both
 * creating one.
 */
export async function bootstrapAdmin(
  app: FastifyInstance,
  print: (line: string) => void = console.log,
): Promise<BootstrapResult> {
  const { adminEmail, adminPassword, publicUrl } = app.config;
  const passwordHash = adminPassword ? await hashPassword(adminPassword) : null;
  const result = await app.db.transaction(async (tx): Promise<BootstrapResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('bootstrap-admin'))`);
    const existing = await tx.execute(sql`SELECT 1 FROM users LIMIT 1`);
    if (existing.rows.length > 0) return { created: false };
    const [admin] = await tx
      .insert(users)
      .values({
        name: 'Administrador',
        email: adminEmail,
        role: 'Admin',
        permissions: [...allPermissions],
        passwordHash,
      })
      .returning({ id: users.id });
    if (passwordHash) return { created: true };
    return { created: true, setPasswordUrl: await createPasswordResetLink(tx, publicUrl, admin!.id) };
  });
  if (!result.created) return result;
  if (result.setPasswordUrl) {
    print(
      [
        '',
        `Administrador criado: ${adminEmail} (ainda sem senha).`,
        `Cadastre a senha neste link (vale uma vez, por 24 horas): ${result.setPasswordUrl}`,
        `Depois entre em ${publicUrl.replace(/\/+$/, '')}/login com o e-mail ${adminEmail}.`,
        'Se o link expirar, informe o e-mail na tela de login para receber um novo link.',
      ].join('\n'),
    );
  } else {
    print(
      `\nAdministrador criado: ${adminEmail}. Entre em ${publicUrl.replace(/\/+$/, '')}/login com a senha de ADMIN_PASSWORD.`,
    );
  }
  return result;
}

const allPermissions = ['Create', 'Read', 'Delete', 'Import', 'Export'] as const;
