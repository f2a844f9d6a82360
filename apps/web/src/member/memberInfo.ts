import type { MemberDto } from '@mkt/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { memberInfo } from '../shared/api/members';
import { updateStoredMember } from '../shared/session';

/** The query key of GET /api/member/info/{email}. */
export const memberInfoKey = (email: string) => ['member', 'info', email] as const;

/** The signed-in member's own information, read fresh whenever a screen showing it opens. */
export function useMemberInfo(email: string | undefined) {
  return useQuery({
    queryKey: memberInfoKey(email ?? ''),
    queryFn: ({ signal }) => memberInfo(email ?? '', signal),
    enabled: !!email,
    retry: false,
    staleTime: 0,
  });
}

/** After a profile or address save: the member info cache and the stored login show the saved member. */
export function rememberSavedMember(queryClient: QueryClient, saved: MemberDto): void {
  queryClient.setQueryData(memberInfoKey(saved.email), saved);
  updateStoredMember('member', {
    m_name: saved.m_name,
    m_nickname: saved.m_nickname,
    m_phoNum: saved.m_phoNum,
    def_addr: saved.def_addr,
    isMan: saved.isMan,
    ad_agree: saved.ad_agree,
  });
}
