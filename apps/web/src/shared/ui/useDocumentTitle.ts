import { useEffect } from 'react';
import { STORE_NAME } from '../constants';

/** A page's document title (the store's own without one); the server renders the same (server/pageHead.ts). */
export function documentTitle(title?: string): string {
  return title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} - 매일 새로운 특가`;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
