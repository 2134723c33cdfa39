import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../src/lib/mailer.js';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpCapture {
  /** A mailer that sends through nodemailer to the capture server (the production SMTP path). */
  mailer: Mailer;
  mails: CapturedMail[];
  /** Waits until `count` mails reached `to` (case-insensitive), or fails after `timeoutMs`. */
  waitFor: (to: string, count?: number, timeoutMs?: number) => Promise<CapturedMail[]>;
  close: () => Promise<void>;
}

/** Quoted-printable body → text (the =XX escapes are UTF-8 bytes). */
function decodeMail(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Encoded-word subjects (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) → text. */
function decodeSubject(raw: string): string {
  return raw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, body: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(body, 'base64').toString('utf8') : decodeMail(body.replaceAll('_', ' ')),
  );
}

/** A real SMTP server on a free local port, keeping what it receives in memory. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(headers)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: decodeSubject(subject),
          text: decodeMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const silent = { info: () => undefined } as unknown as FastifyBaseLogger;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Plataforma <no-reply@test>', log: silent });
  const sentTo = (to: string) => mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  return {
    mailer,
    mails,
    async waitFor(to, count = 1, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (sentTo(to).length < count) {
        if (Date.now() > until) throw new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return sentTo(to);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
