import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../shared/ui/PlaceholderPage';

/** Screens built by later issues; each has its heading so navigation can be followed now. */

export function MemberPage() {
  return <PlaceholderPage title="회원 정보" />;
}

const BOARD_TITLES: Record<string, string> = {
  notice: '공지사항',
  faq: '자주 묻는 질문',
};

export function BoardPage() {
  const params = useParams();
  const board = params['*']?.split('/')[0] ?? '';
  return <PlaceholderPage title={BOARD_TITLES[board] ?? '고객센터'} />;
}
