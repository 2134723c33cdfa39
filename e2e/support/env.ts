/**
 * Local ports of the browser-test stack (all on 127.0.0.1). E2E_PORT_BASE moves the whole set so
 * two runs can coexist on one machine.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

export const E2E = {
  port: base,
  baseUrl: `http://127.0.0.1:${base}`,
  pgPort: base + 2400,
  registryPort: base + 99,
  smtpPort: base + 98,
  mailboxPort: base + 97,
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Admin@12345',
  dbUrl: `postgres://postgres:postgres@127.0.0.1:${base + 2400}/fiscal`,
  mailboxUrl: `http://127.0.0.1:${base + 97}`,
} as const;
