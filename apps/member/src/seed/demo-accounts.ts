import { hashPassword } from '../credentials/password-hash';
import type { MemberDatabase } from '../database';

/** Sign-in accounts of the demo store (README lists them). Skipped when members exist. */
export const DEMO_ACCOUNTS = [
  {
    email: 'user@dealmarket.kr',
    password: 'user1234!',
    mName: '김딜러',
    mNickname: '딜러',
    role: 'MEMBER',
    businessName: null,
  },
  {
    // Seller 2 of the demo catalog: its products are 바른농부's (catalog's seed numbers sellers from 1).
    email: 'seller@dealmarket.kr',
    password: 'seller1234!',
    mName: '박판매',
    mNickname: '바른농부',
    role: 'SELLER',
    businessName: '바른농부',
  },
  {
    email: 'admin@dealmarket.kr',
    password: 'admin1234!',
    mName: '관리자',
    mNickname: '관리자',
    role: 'ADMIN',
    businessName: null,
  },
] as const;

export async function seedDemoAccounts(db: MemberDatabase): Promise<number> {
  if ((await db.member.count()) > 0) return 0;
  // scrypt runs on libuv's threads: the three hashes take the time of one per core.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  await db.member.createMany({
    data: DEMO_ACCOUNTS.map((account, i) => ({
      email: account.email,
      passwordHash: hashes[i],
      mName: account.mName,
      mNickname: account.mNickname,
      mPhoNum: '01012345678',
      defAddr: '(06236) 서울 강남구 테헤란로 123 4층',
      isMan: true,
      infoAgree: true,
      role: account.role,
      businessName: account.businessName,
    })),
  });
  return DEMO_ACCOUNTS.length;
}
