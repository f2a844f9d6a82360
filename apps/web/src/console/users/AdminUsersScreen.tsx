import type { MemberDto, Role } from '@mkt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { pageOfSearch } from '../../board/boardPage';
import { HttpError } from '../../shared/api/http';
import {
  adminMemberKeys,
  adminMemberListQuery,
  adminMemberQuery,
  setMemberBan,
} from '../../shared/api/members';
import { ErrorState, errorMessage } from '../../shared/ui/ErrorState';
import { Pagination } from '../../shared/ui/Pagination';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import '../content/content.css';

export const ADMIN_USERS_PER_PAGE = 10;
const USERS_PATH = '/admin/users';

const ROLE_LABELS: Record<Role, string> = { MEMBER: '회원', SELLER: '판매자', ADMIN: '관리자' };

export const AdminUserMessages = {
  banned: '회원을 정지했습니다.',
  unbanned: '회원 정지를 해제했습니다.',
  notFound: '회원 정보를 찾을 수 없습니다.',
  confirmBan: (name: string) =>
    `${name} 회원을 정지할까요? 정지하면 바로 로그아웃되며, 정지를 해제할 때까지 로그인할 수 없습니다.`,
} as const;

/** The member a navigation state `{ mno }` opens; the list otherwise. */
function memberOfState(state: unknown): number | null {
  const mno = (state as { mno?: unknown } | null)?.mno;
  return typeof mno === 'number' && Number.isInteger(mno) && mno > 0 ? mno : null;
}

/** /admin/users: the member list (10 a page); a member's detail with suspension and its lifting. */
export function AdminUsersScreen() {
  const mno = memberOfState(useLocation().state);
  return mno === null ? <MemberList /> : <MemberDetail key={mno} mno={mno} />;
}

function StatusBadge({ member }: { member: MemberDto }) {
  return member.isBan ? <span className="content-badge content-badge--alert">정지</span> : <span>정상</span>;
}

function MemberList() {
  const [search, setSearch] = useSearchParams();
  const page = pageOfSearch(search);
  const members = useQuery(adminMemberListQuery(page, ADMIN_USERS_PER_PAGE));
  const navigate = useNavigate();

  return (
    <section className="content-screen" aria-label="회원 목록">
      {members.isPending ? (
        <p className="content-screen__state" role="status">
          회원 목록을 불러오는 중입니다.
        </p>
      ) : members.isError ? (
        <ErrorState
          title="회원 목록을 불러오지 못했습니다."
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.dtoList.length === 0 ? (
        <p className="content-screen__state">가입한 회원이 없습니다.</p>
      ) : (
        <>
          <table className="content-table">
            <caption className="sr-only">회원 목록</caption>
            <thead>
              <tr>
                <th scope="col">번호</th>
                <th scope="col">이메일</th>
                <th scope="col" className="content-table__wide-only">
                  이름
                </th>
                <th scope="col" className="content-table__short">
                  구분
                </th>
                <th scope="col" className="content-table__short">
                  상태
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.dtoList.map((member) => (
                <tr key={member.mno}>
                  <td>{member.mno}</td>
                  <td className="content-table__title">
                    <button
                      type="button"
                      className="content-table__open"
                      onClick={() => void navigate(USERS_PATH, { state: { mno: member.mno } })}
                    >
                      {member.email}
                    </button>
                  </td>
                  <td className="content-table__wide-only">{member.m_name}</td>
                  <td className="content-table__short">{ROLE_LABELS[member.role]}</td>
                  <td className="content-table__short">
                    <StatusBadge member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={members.data}
            label="회원 목록 페이지"
            onSelect={(n) => setSearch({ page: String(n) })}
          />
        </>
      )}
    </section>
  );
}

function MemberDetail({ mno }: { mno: number }) {
  const member = useQuery(adminMemberQuery(mno));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const missing = member.error instanceof HttpError && member.error.status === 404;

  const [askingBan, setAskingBan] = useState(false);
  const toggleBan = async (current: MemberDto) => {
    setAskingBan(false);
    setBusy(true);
    try {
      const updated = await setMemberBan(current.mno, !current.isBan);
      queryClient.setQueryData(adminMemberKeys.one(mno), updated);
      window.alert(updated.isBan ? AdminUserMessages.banned : AdminUserMessages.unbanned);
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: adminMemberKeys.all });
    }
  };

  return (
    <section className="content-screen" aria-label="회원 상세">
      {member.isPending ? (
        <p className="content-screen__state" role="status">
          회원 정보를 불러오는 중입니다.
        </p>
      ) : missing ? (
        <p className="content-screen__state" role="alert">
          {AdminUserMessages.notFound}
        </p>
      ) : member.isError ? (
        <ErrorState
          title="회원 정보를 불러오지 못했습니다."
          error={member.error}
          onRetry={() => void member.refetch()}
        />
      ) : (
        <dl className="content-facts" data-testid="admin-member-detail">
          <Fact label="회원 번호" value={String(member.data.mno)} />
          <Fact label="이메일" value={member.data.email} />
          <Fact label="이름" value={member.data.m_name} />
          <Fact label="닉네임" value={member.data.m_nickname} />
          <Fact label="연락처" value={member.data.m_phoNum} />
          <Fact label="구분" value={ROLE_LABELS[member.data.role]} />
          <Fact label="가입 방식" value={member.data.formSns ? 'SNS' : '이메일'} />
          <div className="content-facts__row">
            <dt>상태</dt>
            <dd data-testid="admin-member-status">
              <StatusBadge member={member.data} />
            </dd>
          </div>
        </dl>
      )}
      <div className="content-screen__actions">
        {member.data && (
          <button
            type="button"
            className="btn btn--primary"
            aria-busy={busy || undefined}
            // Suspending asks first; lifting a suspension does not.
            onClick={() =>
              busy ? undefined : member.data.isBan ? void toggleBan(member.data) : setAskingBan(true)
            }
          >
            {member.data.isBan ? '정지 해제' : '정지'}
          </button>
        )}
        <button type="button" className="btn" onClick={() => void navigate(USERS_PATH)}>
          목록
        </button>
      </div>
      {askingBan && member.data ? (
        <ConfirmDialog
          title="회원 정지"
          message={AdminUserMessages.confirmBan(member.data.m_name)}
          confirmLabel="정지"
          onConfirm={() => void toggleBan(member.data)}
          onCancel={() => setAskingBan(false)}
        />
      ) : null}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="content-facts__row">
      <dt>{label}</dt>
      <dd>{value || '-'}</dd>
    </div>
  );
}
