import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E } from './env';
import { registryResponses } from './registry-fixtures';

/**
 * Starts, for Playwright: a stub CNPJ registry, an SMTP server that keeps mails in memory (read
 * through a small HTTP mailbox), and the real app on a fresh temp data dir.
 */
const mails: { to: string; subject: string; text: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      mails.push({ to, subject, text: decodeQuotedPrintable(raw) });
      callback();
    });
  },
});
smtp.listen(E2E.smtpPort, '127.0.0.1');

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(E2E.mailboxPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const cnpj = (req.url ?? '').split('/').pop() ?? '';
    const body = registryResponses[cnpj];
    res.setHeader('content-type', 'application/json');
    if (!body) {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: 404, titulo: 'Não Encontrado' }));
      return;
    }
    res.end(JSON.stringify(body));
  })
  .listen(E2E.registryPort, '127.0.0.1');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiscal-e2e-'));
fs.chmodSync(dataDir, 0o755);
// The production bundle, as `npm start` runs it (`npm run test:e2e` builds it with the web app).
const child = spawn(process.execPath, ['server/dist/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(E2E.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    EMBEDDED_PG_PORT: String(E2E.pgPort),
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    CNPJ_REGISTRY_URL: `http://127.0.0.1:${E2E.registryPort}/cnpj`,
    PUBLIC_URL: E2E.baseUrl,
    DFE_URL: 'http://127.0.0.1:9/dfe',
    LOG_LEVEL: 'warn',
    // The integrations spec's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});

// Playwright sends SIGTERM (playwright.config.ts, gracefulShutdown) and waits: the app stops its
// database, and its exit below removes the data dir. (Killed outright, every run left a cluster in /tmp.)
const stop = () => {
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
