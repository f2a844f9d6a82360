import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';
import './pages.css';

interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

/** A page whose screen is built in a later issue: a heading and '준비 중입니다'. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="page-placeholder container">
      <h1 className="page-placeholder__title">{title}</h1>
      <p className="page-placeholder__text">준비 중입니다</p>
      {children}
    </section>
  );
}
