import { ReviewMessages, reviewDraftProblem, reviewWriteSchema } from './reviews';

describe('review drafts', () => {
  const draft = { title: '신선해요', rate: 5, content: '잘 받았습니다.' };

  it('checks title, then rating, then content, one message at a time', () => {
    expect(reviewDraftProblem({ title: ' ', rate: 0, content: '' })).toBe(ReviewMessages.titleRequired);
    expect(reviewDraftProblem({ ...draft, rate: 0, content: '' })).toBe(ReviewMessages.rateRequired);
    expect(reviewDraftProblem({ ...draft, content: '\n\t ' })).toBe(ReviewMessages.contentRequired);
    expect(reviewDraftProblem(draft)).toBeUndefined();
  });

  it.each([6, -1, 2.5])('refuses a rating of %d', (rate) => {
    expect(reviewDraftProblem({ ...draft, rate })).toBe(ReviewMessages.rateRange);
  });

  it('reads the JSON the client sends: trimmed text, missing fields as empty, other fields dropped', () => {
    expect(reviewWriteSchema.parse({ ...draft, title: ' 신선해요 ', mno: 9, odno: 3 })).toEqual(draft);
    const missing = reviewWriteSchema.safeParse({ rate: 4 });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([ReviewMessages.titleRequired]);
    // A JSON body's rating is a number: text, true or a list is no rating.
    for (const rate of ['4', true, [4]])
      expect(reviewWriteSchema.safeParse({ ...draft, rate }).error?.issues[0].message).toBe(
        ReviewMessages.rateRange,
      );
  });
});
