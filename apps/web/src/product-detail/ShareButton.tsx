import { useEffect, useRef, useState } from 'react';
import { LINK_COPIED_MESSAGE_MS } from '../shared/constants';
import { copyText } from '../shared/ui/clipboard';
import { ShareIcon } from '../shared/ui/icons';

/** Copies the page's address and says so for 3 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const share = async () => {
    const ok = await copyText(window.location.href);
    if (!ok) {
      window.alert('링크를 복사하지 못했습니다. 주소창의 주소를 복사해 주세요.');
      return;
    }
    window.clearTimeout(timer.current);
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), LINK_COPIED_MESSAGE_MS);
  };

  return (
    <div className="share">
      <button
        type="button"
        className="share__button"
        aria-label="상품 링크 복사하기"
        title="공유하기"
        onClick={() => void share()}
      >
        <ShareIcon size={20} />
      </button>
      <p className={`share__message${copied ? ' is-visible' : ''}`} role="status" data-testid="share-message">
        {copied ? '링크가 복사되었습니다.' : ''}
      </p>
    </div>
  );
}
