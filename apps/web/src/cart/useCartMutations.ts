import type { CartLineDto } from '@mkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys, changeCartQuantity, deleteCartLine } from '../shared/api/cart';
import { errorMessage } from '../shared/ui/ErrorState';
import { DELETE_FAILED, QUANTITY_SAVE_FAILED } from './cartMessages';
import { replaceLine, withQuantity } from './cartQuantity';

/**
 * The cart page's saves. A quantity shows at once and is put back, with the server's reason, when
 * the save is refused. Once the last save in flight settles the cart is read again (badge, line
 * amounts and the payment summary, which sits under the same key); reading it earlier would show a
 * later save's line going back.
 */
export function useCartMutations(mno: number) {
  const queryClient = useQueryClient();
  const key = cartKeys.lines(mno);
  const setLines = (update: (lines: CartLineDto[]) => CartLineDto[]) =>
    queryClient.setQueryData<CartLineDto[]>(key, (lines) => (lines ? update(lines) : lines));
  const isLastSave = () => queryClient.isMutating({ mutationKey: key }) === 1;
  const refreshWhenLast = () => {
    if (isLastSave()) void queryClient.invalidateQueries({ queryKey: key });
  };

  const change = useMutation({
    mutationKey: key,
    mutationFn: ({ line, quantity }: { line: CartLineDto; quantity: number }) =>
      changeCartQuantity(line, quantity),
    onMutate: async ({ line, quantity }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setLines((lines) => replaceLine(lines, withQuantity(line, quantity)));
    },
    onSuccess: (saved) => {
      if (isLastSave()) setLines((lines) => replaceLine(lines, saved));
    },
    onError: (error, { line }) => {
      setLines((lines) => replaceLine(lines, line));
      window.alert(`${QUANTITY_SAVE_FAILED} ${errorMessage(error)}`);
    },
    onSettled: refreshWhenLast,
  });

  const remove = useMutation({
    mutationKey: key,
    mutationFn: async (cinos: readonly number[]) => {
      const results = await Promise.allSettled(cinos.map((cino) => deleteCartLine(mno, cino)));
      const removed = new Set(cinos.filter((_, i) => results[i].status === 'fulfilled'));
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      return { removed, failure: failure?.reason as unknown };
    },
    onSuccess: ({ removed, failure }) => {
      setLines((lines) => lines.filter((line) => !removed.has(line.cino)));
      if (failure !== undefined) window.alert(`${DELETE_FAILED} ${errorMessage(failure)}`);
    },
    onError: (error) => window.alert(`${DELETE_FAILED} ${errorMessage(error)}`),
    onSettled: refreshWhenLast,
  });

  return {
    changeQuantity: (line: CartLineDto, quantity: number) => change.mutate({ line, quantity }),
    removeLines: (cinos: readonly number[]) => remove.mutateAsync(cinos).catch(() => undefined),
    removing: remove.isPending,
  };
}
