import type { SessionRole } from '../shared/session';

export type ConsoleRole = Extract<SessionRole, 'admin' | 'seller'>;

export interface ConsoleMenuItem {
  /** Relative to the console root ('' is the dashboard). */
  path: string;
  label: string;
}

export interface ConsoleConfig {
  role: ConsoleRole;
  title: string;
  root: string;
  loginPath: string;
  menu: readonly ConsoleMenuItem[];
  wrongRoleMessage: string;
  logoutMessage: string;
}

export const CONSOLE_LOGIN_FAILED_MESSAGE = '아이디 또는 비밀번호를 확인해 주세요.';

export const CONSOLES: Record<ConsoleRole, ConsoleConfig> = {
  admin: {
    role: 'admin',
    title: '관리자',
    root: '/admin',
    loginPath: '/admin/login',
    menu: [
      { path: '', label: '대시보드' },
      { path: 'users', label: '회원 관리' },
      { path: 'products', label: '상품 관리' },
      // Ours: the operator sees every order and may decide any refund.
      { path: 'orders', label: '주문 관리' },
      { path: 'notice', label: '공지사항' },
      { path: 'faq', label: 'FAQ' },
    ],
    wrongRoleMessage: '관리자 계정이 아닙니다.',
    logoutMessage: '관리자 로그아웃',
  },
  seller: {
    role: 'seller',
    title: '판매자',
    root: '/seller',
    loginPath: '/seller/login',
    menu: [
      { path: '', label: '대시보드' },
      { path: 'products', label: '상품 관리' },
      { path: 'orders', label: '주문 관리' },
      // Ours: the spec shows answers to inquiries but no way to write one.
      { path: 'qa', label: '상품 문의' },
    ],
    wrongRoleMessage: '판매자 계정이 아닙니다.',
    logoutMessage: '판매자 로그아웃',
  },
};
