import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One e-mail a store wrote to its mail folder (standalone mode's FolderMailer). */
export interface WrittenMail {
  to: string;
  subject: string;
  text: string;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Reads a single-part text e-mail (.eml) as nodemailer writes it: base64, quoted-printable or plain. */
export function parseMail(raw: string): WrittenMail {
  const split = raw.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 2);
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return {
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
  };
}

/** The e-mails in a mail folder to `to`, oldest first (the folder may not exist yet: none). */
export async function mailsTo(folder: string, to: string): Promise<WrittenMail[]> {
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(
    files.map(async (file) => parseMail(await readFile(join(folder, file), 'utf8'))),
  );
  return mails.filter((mail) => mail.to.includes(to));
}

/** The password reset link of an e-mail's text. */
export function resetLinkIn(mail: WrittenMail): string {
  const link = /https?:\/\/\S+#token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${mail.to}: ${mail.text}`);
  return link;
}
