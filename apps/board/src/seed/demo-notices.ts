import type { BoardDatabase } from '../database';

/** Oldest first, so the newest (highest number) is the last one here. */
const NOTICES: { title: string; content: string; isPrivate?: boolean }[] = [
  {
    title: '딜마켓 오픈 안내',
    content: '딜마켓이 문을 열었습니다. 매일 새로운 특가 상품을 만나 보세요.',
  },
  {
    title: '개인정보 처리방침 개정 안내',
    content:
      '개인정보 처리방침이 개정되어 다음 달 1일부터 적용됩니다. 자세한 내용은 약관 페이지에서 확인해 주세요.',
  },
  {
    title: '설 연휴 배송 일정 안내',
    content: '연휴 기간에는 택배사 휴무로 배송이 2~3일 늦어질 수 있습니다. 양해 부탁드립니다.',
  },
  {
    title: '[내부] 다음 주 기획전 준비 사항',
    content: '기획전 배너와 쿠폰 수량을 금요일까지 확정해 주세요.',
    isPrivate: true,
  },
  {
    title: '시스템 점검 안내 (새벽 2시~4시)',
    content:
      '보다 안정적인 서비스를 위해 새벽 2시부터 4시까지 시스템 점검을 진행합니다. 점검 중에는 주문과 결제가 잠시 중단됩니다.',
  },
];

const FAQS: { question: string; answer: string; isPrivate?: boolean }[] = [
  {
    question: '회원 가입은 어떻게 하나요?',
    answer:
      '오른쪽 위의 회원가입을 눌러 이메일로 가입하거나, 카카오·네이버·구글 계정으로 간편하게 가입할 수 있습니다.',
  },
  {
    question: '주문을 취소하거나 환불받고 싶어요.',
    answer:
      '마이페이지 > 주문 내역에서 환불을 요청할 수 있습니다. 판매자가 승인하면 결제 수단으로 환불됩니다.',
  },
  {
    question: '배송은 얼마나 걸리나요?',
    answer: '평일 오후 11시 전 주문은 다음 날 도착합니다. 지역과 상품에 따라 하루 이틀 더 걸릴 수 있습니다.',
  },
  {
    question: '[운영] 환불 승인 기준',
    answer: '사용 흔적이 없는 상품은 수령 후 7일 안에 승인합니다.',
    isPrivate: true,
  },
  {
    question: '배송지를 바꿀 수 있나요?',
    answer:
      '마이페이지 > 배송지 관리에서 기본 배송지를 바꿀 수 있습니다. 이미 출고된 주문은 바꿀 수 없습니다.',
  },
  {
    question: '적립금은 언제 쌓이나요?',
    answer: '구매 확정 후 리뷰를 작성하면 적립금이 지급됩니다.',
  },
];

/** A few notices and FAQs (one of each private) written by the demo admin `adno`. */
export async function seedDemoNotices(db: BoardDatabase, adno: number): Promise<number> {
  if ((await db.notice.count()) > 0 || (await db.faq.count()) > 0) return 0;
  // One at a time, so numbers (the lists' order) follow the arrays.
  for (const notice of NOTICES) await db.notice.create({ data: { ...notice, adno } });
  for (const faq of FAQS) await db.faq.create({ data: { ...faq, adno } });
  return NOTICES.length + FAQS.length;
}
