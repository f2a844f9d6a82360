import { createContext } from 'react';

/** What the storefront knows about the signed-in member (filled by the login issue). */
export interface SessionMember {
  mno: number;
  email: string;
  m_name: string;
  role: 'member' | 'seller' | 'admin';
}

export interface Session {
  /** null while logged out. */
  member: SessionMember | null;
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);
