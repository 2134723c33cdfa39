/** Fixed local ports of the browser-test stack (all on 127.0.0.1). */
export const E2E = {
  port: 3100,
  baseUrl: 'http://127.0.0.1:3100',
  pgPort: 5544,
  registryPort: 3199,
  smtpPort: 3198,
  mailboxPort: 3197,
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Admin@12345',
  dbUrl: 'postgres://postgres:postgres@127.0.0.1:5544/fiscal',
} as const;
