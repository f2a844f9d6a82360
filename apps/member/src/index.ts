// The member service's front door: what the composition root (apps/standalone) assembles and seeds.
export { memberService } from './member.service';
export { MemberDatabase } from './database';
export { seedDemoAccounts } from './seed/demo-accounts';
