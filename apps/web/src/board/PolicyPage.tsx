import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { isPolicyName, POLICIES } from './policies';

/** /board/terms and /board/privacy: the terms of use and the privacy policy. */
export function PolicyPage() {
  const { policy: name } = useParams();
  const policy = isPolicyName(name) ? POLICIES[name] : undefined;
  useDocumentTitle(policy?.title ?? '페이지를 찾을 수 없습니다');
  if (!policy) return <NotFoundPage />;
  return (
    <article className="policy" aria-labelledby="policy-title">
      <h1 id="policy-title" className="board__title">
        {policy.title}
      </h1>
      <p className="policy__effective">시행일: {policy.effectiveDate}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="policy__section">
          <h2 className="policy__heading">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
