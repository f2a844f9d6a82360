import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { MemberDto, SocialProfile } from '@mkt/contracts';
import { socialProfileSchema } from '@mkt/contracts';
import { isUniqueViolation } from '@mkt/persistence';
import { createZodDto } from 'nestjs-zod/dto';
import { Prisma } from '../generated/prisma/client';
import type { Member } from '../database';
import { MemberDatabase } from '../database';
import { toMemberDto } from './member-dto';
import { refuseIfBanned } from './refusals';

class ProfileBody extends createZodDto(socialProfileSchema) {}

const PROVIDER_NAMES = { kakao: '카카오', naver: '네이버', google: '구글' } as const;

/**
 * The address a member made by social sign-in is known by when the provider gives no verified
 * e-mail of its own (`.invalid` can never be a real domain, so nobody can join with it).
 */
function placeholderEmail(profile: SocialProfile): string {
  const id = createHash('sha256').update(profile.providerUserId).digest('hex').slice(0, 20);
  return `${profile.provider}-${id}@sns.dealmarket.invalid`;
}

/** Social sign-in: the member linked to the provider account, else one linked or created now. */
@Controller('members/social')
export class SocialSignInController {
  constructor(private readonly db: MemberDatabase) {}

  @Post()
  @HttpCode(200)
  async signIn(@Body() profile: ProfileBody): Promise<MemberDto> {
    const member = await this.memberFor(profile);
    refuseIfBanned(member);
    return toMemberDto(member);
  }

  private async memberFor(profile: SocialProfile): Promise<Member> {
    const account = { provider: profile.provider, providerUserId: profile.providerUserId };
    const linked = await this.db.socialAccount.findUnique({
      where: { provider_providerUserId: account },
      include: { member: true },
    });
    if (linked) return linked.member;
    try {
      return await this.db.$transaction(async (tx) => {
        // Only an address the provider verified may reach the member who joined with it, and only a
        // shopper: seller and admin accounts sign in with their password on their own pages.
        const owner =
          profile.email && profile.emailVerified
            ? await tx.member.findUnique({ where: { email: profile.email } })
            : null;
        const member =
          owner?.role === 'MEMBER'
            ? owner
            : await this.create(
                tx,
                profile,
                !owner && profile.email && profile.emailVerified ? profile.email : placeholderEmail(profile),
              );
        await tx.socialAccount.create({ data: { ...account, mno: member.mno } });
        return member;
      });
    } catch (error) {
      // The same account's first sign-in ran twice at once and the other one linked it first.
      if (isUniqueViolation(error)) {
        const winner = await this.db.socialAccount.findUnique({
          where: { provider_providerUserId: account },
          include: { member: true },
        });
        if (winner) return winner.member;
      }
      throw error;
    }
  }

  private async create(tx: Prisma.TransactionClient, profile: SocialProfile, email: string): Promise<Member> {
    const fallbackName = `${PROVIDER_NAMES[profile.provider]} 회원`;
    return tx.member.create({
      data: {
        email,
        passwordHash: null,
        mName: profile.name ?? profile.nickname ?? fallbackName,
        mNickname: profile.nickname ?? profile.name ?? fallbackName,
        mPhoNum: '',
        defAddr: '',
        isMan: profile.isMan ?? false,
        // Consent to share the profile was given at the provider's consent screen.
        infoAgree: true,
        formSns: true,
      },
    });
  }
}
