import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Links in the message, kept in the `.json` beside a mail written to disk (never logged: they are secrets). */
  links?: string[];
}

export interface SentMail extends MailMessage {
  sentAt: string;
  /** The .eml file, when mail goes to the data directory. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The latest messages sent by this process (at most 100), newest last. */
  readonly sent: readonly SentMail[];
  close(): void;
}

export interface MailerOptions {
  /** SMTP URL (`smtp://user:pass@host:587`); without it mail is written to `<dataDir>/mail`. */
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/** nodemailer over SMTP when configured, else each message as .eml + .json files in the data directory. */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent: SentMail[] = [];
  const mailDir = join(dataDir, 'mail');
  let counter = 0;

  return {
    sent,
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      const record: SentMail = { ...message, sentAt: new Date().toISOString() };
      if (!smtpUrl) {
        await mkdir(mailDir, { recursive: true });
        counter += 1;
        const base = `${record.sentAt.replace(/[:.]/g, '-')}-${process.pid}-${counter}`;
        record.file = join(mailDir, `${base}.eml`);
        await writeFile(record.file, (info as { message: Buffer }).message);
        await writeFile(join(mailDir, `${base}.json`), `${JSON.stringify(record, null, 2)}\n`);
        logger.info({ to: message.to, subject: message.subject, file: record.file }, 'mail written');
      } else {
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      }
      sent.push(record);
      if (sent.length > 100) sent.shift();
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Sends without failing the request: the account, reset or invite is already stored and the mail can be
 * asked for again, and a reset answer must not differ for known addresses because SMTP is down.
 */
export async function sendOrLog(
  mailer: Mailer,
  logger: FastifyBaseLogger,
  message: MailMessage,
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (err) {
    logger.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent');
    return false;
  }
}
