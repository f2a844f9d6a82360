import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoggerService } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';

/** One plain-text e-mail to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the store's e-mails (password reset links). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where the store's e-mails come from, and the store's public address their links point to. */
export interface MailSettings {
  mailer: Mailer;
  /** The store's address as shoppers open it (links in e-mails): never taken from a request's Host. */
  publicUrl: () => string;
}

/** The sender of the store's e-mails unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = '딜마켓 <no-reply@dealmarket.example>';

/**
 * The distributed BFF's mail settings: SMTP_URL (smtp:// or smtps://) needs PUBLIC_URL (the links'
 * address; alone, it names the canonical URLs); without SMTP_URL 비밀번호 찾기 is off (503) and the
 * start says so.
 */
export const mailEnv = {
  shape: {
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    PUBLIC_URL: z.url().optional(),
  },
  checkPair(env: { SMTP_URL?: string; PUBLIC_URL?: string }, context: z.RefinementCtx): void {
    if (!env.SMTP_URL || env.PUBLIC_URL) return;
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'SMTP_URL needs PUBLIC_URL (the address the mailed links open)',
    });
  },
};

export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

/** Distributed mode: a real SMTP server (Mailpit locally, the provider's relay in production). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Standalone mode: each e-mail is written as an .eml file (open it in any mail program) into a
 * folder, and its text goes to the log, so a developer finds the link without a mail server.
 */
export class FolderMailer implements Mailer {
  private written = 0;
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly folder: string,
    private readonly from: string,
    private readonly logger?: LoggerService,
  ) {}

  async send(mail: Mail): Promise<void> {
    const { message } = (await this.composer.sendMail({ from: this.from, ...mail })) as { message: Buffer };
    await mkdir(this.folder, { recursive: true });
    const file = join(this.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${++this.written}.eml`);
    await writeFile(file, message, { mode: 0o600 });
    // At warn: the standalone store logs warn and above by default, and the developer needs the link.
    this.logger?.warn('mail written', { to: mail.to, file, subject: mail.subject, text: mail.text });
  }
}
