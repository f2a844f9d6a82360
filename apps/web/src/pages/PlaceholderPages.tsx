import { PlaceholderPage } from '../shared/ui/PlaceholderPage';

/** Screens built by later issues; each has its heading so navigation can be followed now. */

export function MemberPage() {
  return <PlaceholderPage title="회원 정보" />;
}
