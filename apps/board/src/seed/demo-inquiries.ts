import type { BoardDatabase } from '../database';

const QUESTIONS: { title: string; content: string; secret: boolean; answer?: string }[] = [
  {
    title: '배송은 언제 되나요?',
    content: '오늘 주문하면 언제 받을 수 있을까요?',
    secret: false,
    answer: '평일 오후 11시 전 주문은 다음 날 새벽에 도착합니다.',
  },
  {
    title: '유통기한 문의',
    content: '받으면 유통기한이 얼마나 남아 있나요?',
    secret: false,
    answer: '최소 7일 이상 남은 상품만 보내 드립니다.',
  },
  {
    title: '교환 문의드립니다',
    content: '주문번호 1234 상품이 파손되어 왔어요. 연락처 010-****-5678',
    secret: true,
    answer: '불편을 드려 죄송합니다. 바로 교환 처리해 드렸습니다.',
  },
  { title: '대량 구매 할인 되나요?', content: '회사 행사용으로 50개 정도 구매하려고 합니다.', secret: false },
  { title: '개인정보가 포함된 문의', content: '주소 변경을 원합니다. 서울시 ...', secret: true },
];
/**
 * A few inquiries (some secret, some answered) on the first products of the demo store, asked by
 * the demo store's shoppers: real members, so no member who joins later finds them as their own.
 */
export async function seedDemoInquiries(
  db: BoardDatabase,
  products: { pno: number; sellerId: number }[],
  authors: { mno: number; nickname: string }[],
): Promise<number> {
  if (authors.length === 0 || (await db.productInquiry.count()) > 0) return 0;
  const asked = products.flatMap(({ pno, sellerId }, index) =>
    Array.from({ length: index % 4 }, (_, n) => {
      const question = QUESTIONS[(index + n) % QUESTIONS.length];
      const author = authors[(index + n) % authors.length];
      return { pno, sellerId, author, question };
    }),
  );
  // Two statements for all of them: a thousand single inserts made a first start seconds slower.
  return db.$transaction(async (tx) => {
    const created = await tx.productInquiry.createManyAndReturn({
      data: asked.map(({ pno, sellerId, author, question }) => ({
        pno,
        sellerId,
        mno: author.mno,
        mNickName: author.nickname,
        title: question.title,
        content: question.content,
        secret: question.secret,
      })),
      select: { qno: true },
    });
    // Numbers come from the sequence in the rows' order, whatever order RETURNING lists them in.
    const qnos = created.map((row) => row.qno).sort((a, b) => a - b);
    await tx.inquiryReply.createMany({
      data: asked.flatMap(({ question }, i) =>
        question.answer ? [{ qno: qnos[i], content: question.answer }] : [],
      ),
    });
    return asked.length;
  });
}
