import { join } from 'node:path';
import { defineService } from '@mkt/platform';
import { MemberDatabase } from './database';
import { MemberController } from './members/member.controller';
import { SocialSignInController } from './members/social-sign-in.controller';

/** Members, sellers and admins: join, credentials, member information. */
export const memberService = defineService({
  name: 'member',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  prisma: MemberDatabase,
  controllers: [SocialSignInController, MemberController],
});
