import { HttpError } from '../api/http';
import './feedback.css';

/** What to tell the shopper about a failed call: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback = '일시적인 오류가 발생했습니다.'): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof TypeError) return '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.';
  return fallback;
}

interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  /** A line above the server's message, e.g. '상품을 불러오지 못했습니다.' */
  title?: string;
  compact?: boolean;
}

/** A failed load: the message and a 다시 시도 button. */
export function ErrorState({ error, onRetry, title, compact = false }: ErrorStateProps) {
  return (
    <div
      className={`error-state${compact ? ' error-state--compact' : ''}`}
      role="alert"
      data-testid="error-state"
    >
      {title && <p className="error-state__title">{title}</p>}
      <p className="error-state__message">{errorMessage(error)}</p>
      <button type="button" className="btn error-state__retry" onClick={onRetry}>
        다시 시도
      </button>
    </div>
  );
}
