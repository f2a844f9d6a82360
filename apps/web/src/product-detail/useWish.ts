import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addWish, removeWish, wishKeys, wishStateQuery } from '../shared/api/wishlist';
import { WISH_ADDED_MESSAGE, WISH_REMOVED_MESSAGE } from '../shared/constants';
import { useSession } from '../shared/session';
import { errorMessage } from '../shared/ui/ErrorState';

/**
 * The detail page's 찜하기: whether the signed-in member wished the product (loaded once member and
 * product are known) and the toggle, which alerts '찜 목록에 등록되었습니다.' or '찜이 취소되었습니다.'.
 */
export function useWish(pno: number) {
  const { member } = useSession();
  const queryClient = useQueryClient();
  const state = useQuery({ ...wishStateQuery(member?.mno ?? 0, pno), enabled: member !== null });

  const mutation = useMutation({
    mutationFn: async (mno: number) => {
      // A click before the state has loaded acts on the state as the server has it.
      const wno = await queryClient.ensureQueryData(wishStateQuery(mno, pno));
      if (wno === null) return { wno: await addWish(mno, pno), remaining: undefined };
      return { wno: null, remaining: await removeWish(mno, wno) };
    },
    onSuccess: ({ wno, remaining }, mno) => {
      queryClient.setQueryData(wishKeys.product(mno, pno), wno);
      if (remaining) queryClient.setQueryData(wishKeys.list(mno), remaining);
      else void queryClient.invalidateQueries({ queryKey: wishKeys.list(mno), exact: true });
      window.alert(wno === null ? WISH_REMOVED_MESSAGE : WISH_ADDED_MESSAGE);
    },
    onError: (error, mno) => {
      void queryClient.invalidateQueries({ queryKey: wishKeys.product(mno, pno) });
      window.alert(`찜하기에 실패했습니다. ${errorMessage(error)}`);
    },
  });
  const { mutate, isPending } = mutation;

  const toggle = useCallback(
    (mno: number) => {
      if (!isPending) mutate(mno);
    },
    [isPending, mutate],
  );

  return { wished: member !== null && typeof state.data === 'number', toggle, toggling: isPending };
}
