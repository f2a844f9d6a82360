import type { InquiryWrite } from '@mkt/contracts';
import { InquiryMessages } from '@mkt/contracts';

export interface InquiryFormValues {
  title: string;
  content: string;
  secret: boolean;
}

export type InquiryFormCheck = { inquiry: InquiryWrite } | { alert: string; field: 'title' | 'content' };

/** The inquiry modal's checks, in order: title required, then content required (as the server checks them). */
export function checkInquiryForm(values: InquiryFormValues): InquiryFormCheck {
  const title = values.title.trim();
  const content = values.content.trim();
  if (!title) return { alert: InquiryMessages.titleRequired, field: 'title' };
  if (!content) return { alert: InquiryMessages.contentRequired, field: 'content' };
  return { inquiry: { title, content, secret: values.secret } };
}

/** The seller's answer: required. */
export function checkAnswer(text: string): { answer: string } | { alert: string } {
  const answer = text.trim();
  return answer ? { answer } : { alert: InquiryMessages.answerRequired };
}
