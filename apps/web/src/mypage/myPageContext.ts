import type { MemberDto } from '@mkt/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the my-page shell hands its screens: the signed-in member, fresh from the server once loaded. */
export interface MyPageContext {
  member: MemberDto;
}

export function useMyPageMember(): MemberDto {
  return useOutletContext<MyPageContext>().member;
}
