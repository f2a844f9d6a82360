import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';

/** One my-page screen: its heading (also the document title) and its content. */
export function MyPageSection({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | 마이페이지`);
  const headingId = useId();
  return (
    <section className="mypage-section" aria-labelledby={headingId}>
      <h1 className="mypage-section__title" id={headingId}>
        {title}
      </h1>
      {children}
    </section>
  );
}
