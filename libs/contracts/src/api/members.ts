import { z } from 'zod';
import { defAddrChangeSchema } from './address';

/** Membership grades; a new member starts as USER. The first element of roleSet is the grade or role. */
export const GRADES = ['USER', 'SILVER', 'GOLD', 'PLATINUM'] as const;
export type Grade = (typeof GRADES)[number];
export const ROLES = ['MEMBER', 'SELLER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's join rules, enforced by the form and again by the member service. */
export const JOIN_RULES = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  /** At least 8 characters with a letter, a digit and a special symbol. */
  password: /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).{8,}$/,
  /** Names and nicknames: letters (Korean included), digits and spaces, no symbols. */
  name: /^[\p{L}\p{N} ]+$/u,
  /** A person's name is written in whole syllables: no lone jamo (ㄱ, ㅏ), which \p{L} lets through. */
  nameWithoutLoneJamo: /^[^\u1100-\u11ff\u3131-\u318e\ua960-\ua97f\ud7b0-\ud7ff]*$/,
  /** 01 followed by 8 or 9 digits, no dashes. */
  phone: /^01\d{8,9}$/,
} as const;

export const JOIN_MESSAGES = {
  email: '올바른 이메일 형식이 아닙니다.',
  password: '비밀번호는 영문, 숫자, 특수문자를 포함해 8자 이상이어야 합니다.',
  passwordConfirm: '비밀번호가 일치하지 않습니다.',
  name: '이름에는 특수문자를 사용할 수 없습니다.',
  nameLoneJamo: '이름은 완성된 글자로 입력해 주세요. (ㄱ, ㅏ 같은 낱자는 쓸 수 없습니다.)',
  nickname: '닉네임에는 특수문자를 사용할 수 없습니다.',
  phone: '휴대폰 번호는 01로 시작하는 10~11자리 숫자여야 합니다.',
  address: '주소를 입력해 주세요.',
  gender: '성별을 선택해 주세요.',
  infoAgree: '개인정보 수집·이용에 동의해 주세요.',
} as const;

const trimmed = (max: number) => z.string().trim().max(max, `${max}자 이하로 입력해 주세요.`);

/** POST /api/member/join. Grade and totalPay are the server's to set and are not accepted here. */
export const joinSchema = z.object({
  email: trimmed(100).toLowerCase().regex(JOIN_RULES.email, JOIN_MESSAGES.email),
  m_pw: z.string().max(100).regex(JOIN_RULES.password, JOIN_MESSAGES.password),
  m_name: trimmed(30)
    .min(1, JOIN_MESSAGES.name)
    .regex(JOIN_RULES.name, JOIN_MESSAGES.name)
    .regex(JOIN_RULES.nameWithoutLoneJamo, JOIN_MESSAGES.nameLoneJamo),
  m_nickname: trimmed(30).min(1, JOIN_MESSAGES.nickname).regex(JOIN_RULES.name, JOIN_MESSAGES.nickname),
  m_phoNum: z.string().trim().regex(JOIN_RULES.phone, JOIN_MESSAGES.phone),
  def_addr: trimmed(300).min(1, JOIN_MESSAGES.address),
  isMan: z.boolean({ error: JOIN_MESSAGES.gender }),
  ad_agree: z.boolean().default(false),
  info_agree: z.literal(true, { error: JOIN_MESSAGES.infoAgree }),
  birth: z.iso.date().optional(),
});
export type JoinRequest = z.infer<typeof joinSchema>;

/** A member as the pages read it: never a password or a hash. */
export const memberSchema = z.object({
  mno: z.number().int(),
  email: z.string(),
  m_email: z.string(),
  m_name: z.string(),
  m_nickname: z.string(),
  m_phoNum: z.string(),
  def_addr: z.string(),
  isMan: z.boolean(),
  ad_agree: z.boolean(),
  info_agree: z.boolean(),
  totalPay: z.number().int(),
  membership: z.array(z.enum(GRADES)),
  birth: z.string().nullable(),
  formSns: z.boolean(),
  isBan: z.boolean(),
  role: z.enum(ROLES),
  /** Sellers only. */
  businessName: z.string().nullable(),
});
export type MemberDto = z.infer<typeof memberSchema>;

/** The roleSet a login answers with: ADMIN, SELLER, or the member's grade first. */
export function roleSetOf(member: Pick<MemberDto, 'role' | 'membership'>): string[] {
  if (member.role === 'ADMIN') return ['ADMIN'];
  if (member.role === 'SELLER') return ['SELLER'];
  return [...member.membership];
}

/** A session's tokens, as a refresh answers them. */
export const tokenPairSchema = z.object({
  accessToken: z.string().describe('30-minute HS256 JWT: send as `Authorization: Bearer <token>`'),
  refreshToken: z.string().describe('for GET /api/member/refresh; works once'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResultSchema = memberSchema.extend({
  ...tokenPairSchema.shape,
  roleSet: z.array(z.string()),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * The login answer our web app gets (it sends `X-Mkt-Session`): the member and roleSet, the
 * tokens only in HttpOnly cookies. No session is started when the account's role is not the one
 * the page asked for.
 */
export const signedInSchema = memberSchema.extend({ roleSet: z.array(z.string()) });
export type SignedIn = z.infer<typeof signedInSchema>;

/** POST /api/member/password-reset: asks for a reset link by e-mail. */
export const passwordResetRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(100).regex(JOIN_RULES.email, JOIN_MESSAGES.email),
});

/** POST /api/member/password-reset/confirm: the link's token and the new password. */
export const passwordResetSchema = z.object({
  token: z.string().min(1, '재설정 링크가 올바르지 않습니다.').max(200),
  password: joinSchema.shape.m_pw,
});

export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page는 1 이상이어야 합니다.').max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100, 'size는 100 이하여야 합니다.').default(10),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

/** PUT /api/member/modify: what a member may change of their own profile (birth and e-mail are not). */
export const modifySchema = z
  .object({
    mno: z.number({ error: 'mno는 숫자여야 합니다.' }).int().positive().optional(),
    email: z.string().trim().toLowerCase().optional(),
    m_name: joinSchema.shape.m_name.optional(),
    m_nickname: joinSchema.shape.m_nickname.optional(),
    m_phoNum: joinSchema.shape.m_phoNum.optional(),
    def_addr: defAddrChangeSchema.optional(),
    isMan: z.boolean().optional(),
    ad_agree: z.boolean().optional(),
    /** The current password, required to set a new one. */
    now_pw: z.string().max(100).optional(),
    new_m_pw: joinSchema.shape.m_pw.optional(),
  })
  .refine((m) => !m.new_m_pw || !!m.now_pw, { message: '현재 비밀번호를 입력해 주세요.', path: ['now_pw'] });
export type ModifyRequest = z.infer<typeof modifySchema>;

export const passwordCheckSchema = z.object({
  email: z.string().trim().toLowerCase().max(100),
  password: z.string().max(100),
});
