import type { WrittenMail } from './mail-folder';

/** Mailpit's addresses, as `deploy/local/infra.sh env` prints them. */
export function mailpit(): { smtpUrl: string; apiUrl: string } {
  const smtpUrl = process.env.MKT_TEST_SMTP_URL;
  const apiUrl = process.env.MKT_TEST_MAILPIT_URL;
  if (!smtpUrl || !apiUrl)
    throw new Error(
      'MKT_TEST_SMTP_URL and MKT_TEST_MAILPIT_URL are not set: eval "$(bash deploy/local/infra.sh env)"',
    );
  return { smtpUrl, apiUrl };
}

async function mailpitJson<T>(path: string): Promise<T> {
  const url = `${mailpit().apiUrl}${path}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Mailpit answered ${response.status} to ${url}`);
  return (await response.json()) as T;
}

/**
 * The e-mails Mailpit caught to `to`, newest first, read through its HTTP API (other tests mail
 * the same Mailpit: only this recipient's).
 */
export async function mailpitMailsTo(to: string): Promise<WrittenMail[]> {
  const { messages } = await mailpitJson<{ messages: { ID: string; Subject: string }[] }>(
    `/api/v1/search?query=${encodeURIComponent(`to:"${to}"`)}`,
  );
  return Promise.all(
    messages.map(async ({ ID, Subject }) => {
      const { Text } = await mailpitJson<{ Text: string }>(`/api/v1/message/${ID}`);
      return { to, subject: Subject, text: Text };
    }),
  );
}
