import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { addCartLine, cartKeys } from '../shared/api/cart';
import { paths } from '../shared/routing/paths';
import { errorMessage } from '../shared/ui/ErrorState';
import { CART_ADD_FAILED, CART_ADDED_QUESTION, CART_PARTLY_ADDED } from './cartMessages';

export interface CartAdd {
  odno: number;
  c_cnt: number;
}

interface AddRequest {
  mno: number;
  adds: readonly CartAdd[];
}

/**
 * 장바구니 담기 (detail page and the add-to-cart modal): one add per option, in parallel; then the
 * cart is read again for the header badge; then the shopper is asked whether to open the cart, or
 * told which adds the server refused and why. `add` resolves true when anything was added.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const mutation = useMutation({
    mutationFn: async ({ mno, adds }: AddRequest) => {
      const results = await Promise.allSettled(adds.map(({ odno, c_cnt }) => addCartLine(mno, odno, c_cnt)));
      // Each add answered the cart as it was at that moment: read it once more, after all of them.
      await queryClient.invalidateQueries({ queryKey: cartKeys.lines(mno) });
      return results;
    },
  });
  const { mutateAsync, isPending } = mutation;

  const add = useCallback(
    async (mno: number, adds: readonly CartAdd[], beforeAnnouncing?: () => void): Promise<boolean> => {
      let results: PromiseSettledResult<unknown>[];
      try {
        results = await mutateAsync({ mno, adds });
      } catch (error) {
        window.alert(`${CART_ADD_FAILED} ${errorMessage(error)}`);
        return false;
      }
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      const added = results.length - failures.length;
      const reasons = [...new Set(failures.map((failure) => errorMessage(failure)))].join('\n');
      beforeAnnouncing?.();
      if (added === 0) {
        window.alert(`${CART_ADD_FAILED}\n${reasons}`);
        return false;
      }
      if (failures.length > 0) window.alert(`${CART_PARTLY_ADDED}\n${reasons}`);
      if (window.confirm(CART_ADDED_QUESTION)) void navigate(paths.cart);
      return true;
    },
    [mutateAsync, navigate],
  );

  return { add, adding: isPending };
}
