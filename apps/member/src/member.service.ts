import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { MemberDatabase } from './database';
import { MemberController } from './members/member.controller';
import { SocialSignInController } from './members/social-sign-in.controller';
import {
  AddToTotalPayOnOrderCompleted,
  SubtractFromTotalPayOnPaymentRefunded,
} from './purchases/total-pay.handler';

/** Members, sellers and admins: join, credentials, member information, what they paid in total. */
export const memberService = defineService({
  name: 'member',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: MemberDatabase,
  handlers: [AddToTotalPayOnOrderCompleted, SubtractFromTotalPayOnPaymentRefunded],
  controllers: [SocialSignInController, MemberController],
});
