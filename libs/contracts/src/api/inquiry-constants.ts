// No schemas here: the product page reads these without taking zod along.

export const SECRET_INQUIRY_TITLE = '비밀글입니다.';

/** Longest title and content of an inquiry, and of an answer. */
export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_CONTENT_MAX = 2_000;

export const InquiryMessages = {
  titleRequired: '문의 제목을 입력해 주세요.',
  contentRequired: '문의 내용을 입력해 주세요.',
  titleTooLong: `문의 제목은 ${INQUIRY_TITLE_MAX}자 이하로 입력해 주세요.`,
  contentTooLong: `문의 내용은 ${INQUIRY_CONTENT_MAX}자 이하로 입력해 주세요.`,
  answerRequired: '답변 내용을 입력해 주세요.',
  answerTooLong: `답변은 ${INQUIRY_CONTENT_MAX}자 이하로 입력해 주세요.`,
  productNotFound: '문의할 상품을 찾을 수 없습니다.',
  notFound: '문의를 찾을 수 없습니다.',
  answeredNotEditable: '답변이 등록된 문의는 수정할 수 없습니다.',
  notYours: '내 상품의 문의만 답변할 수 있습니다.',
  added: '문의가 등록되었습니다.',
  changed: '문의가 수정되었습니다.',
  deleted: '문의가 삭제되었습니다.',
  answered: '답변이 등록되었습니다.',
} as const;
