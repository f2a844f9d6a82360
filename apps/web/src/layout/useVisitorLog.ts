import { useEffect } from 'react';
import { postVisitorLog } from '../shared/api/visitor';

/** One visit per page load, even if the footer mounts twice (StrictMode, remounts). */
let visitLogged = false;

export function useVisitorLog(): void {
  useEffect(() => {
    if (visitLogged) return;
    visitLogged = true;
    postVisitorLog().catch((error: unknown) => {
      console.error('방문자 기록에 실패했습니다.', error);
    });
  }, []);
}
