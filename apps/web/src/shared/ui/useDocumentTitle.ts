import { useEffect } from 'react';
import { STORE_NAME } from '../constants';

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} - 매일 새로운 특가`;
  }, [title]);
}
