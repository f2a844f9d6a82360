import { memberSchema, sliceSchema } from '@mkt/contracts';
import type {
  JoinRequest,
  MemberDto,
  MemberListQuery,
  ModifyRequest,
  Slice,
  SocialProfile,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the member service. */
export class MemberClient {
  constructor(private readonly http: ServiceClient) {}

  join(request: JoinRequest): Promise<MemberDto> {
    return this.http.post('/members', request);
  }

  /** The member for these credentials; a 401 (ERROR_LOGIN) or 403 (ERROR_BANNED) otherwise. */
  authenticate(email: string, password: string): Promise<MemberDto> {
    return this.http.post('/members/authenticate', { email, password });
  }

  /** The member a provider's profile signs in as (created or linked on first sign-in); 403 ERROR_BANNED when suspended. */
  socialSignIn(profile: SocialProfile): Promise<MemberDto> {
    return this.http.post('/members/social', profile);
  }

  byEmail(email: string): Promise<MemberDto> {
    return this.http.get(`/members/by-email/${encodeURIComponent(email)}`, memberSchema);
  }

  byMno(mno: number): Promise<MemberDto> {
    return this.http.get(`/members/${mno}`, memberSchema);
  }

  list(query: MemberListQuery): Promise<Slice<MemberDto>> {
    return this.http.get('/members', sliceSchema(memberSchema), { ...query });
  }

  setBan(mno: number, banned: boolean): Promise<MemberDto> {
    return this.http.put(`/members/${mno}/ban`, { banned });
  }

  /** Sets a new password without the current one (a password reset link proved the e-mail). */
  async setPassword(mno: number, password: string): Promise<void> {
    await this.http.put(`/members/${mno}/password`, { password });
  }

  modify(mno: number, request: ModifyRequest): Promise<{ member: MemberDto; passwordChanged: boolean }> {
    return this.http.put(`/members/${mno}`, request);
  }
}
