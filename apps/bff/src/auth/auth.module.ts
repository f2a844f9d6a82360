import { Module } from '@nestjs/common';
import { MemberAuthController } from './member-auth.controller';
import { SocialSignInController } from '../social/social-sign-in.controller';

/** Sign-up, sign-in, sessions and social sign-in. */
@Module({ controllers: [MemberAuthController, SocialSignInController] })
export class AuthModule {}
