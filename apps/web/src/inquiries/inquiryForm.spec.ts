import { InquiryMessages } from '@mkt/contracts';
import { checkAnswer, checkInquiryForm } from './inquiryForm';

describe('the inquiry modal checks', () => {
  it('asks for the title first, then the content', () => {
    expect(checkInquiryForm({ title: ' ', content: '', secret: false })).toEqual({
      alert: InquiryMessages.titleRequired,
      field: 'title',
    });
    expect(checkInquiryForm({ title: '배송', content: '\n ', secret: false })).toEqual({
      alert: InquiryMessages.contentRequired,
      field: 'content',
    });
  });

  it('sends the trimmed title and content with the secret flag', () => {
    expect(checkInquiryForm({ title: ' 배송 문의 ', content: ' 언제 오나요? ', secret: true })).toEqual({
      inquiry: { title: '배송 문의', content: '언제 오나요?', secret: true },
    });
  });

  it('requires an answer', () => {
    expect(checkAnswer('  ')).toEqual({ alert: InquiryMessages.answerRequired });
    expect(checkAnswer(' 내일 출고됩니다. ')).toEqual({ answer: '내일 출고됩니다.' });
  });
});
