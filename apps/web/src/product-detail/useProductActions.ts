import type { ProductDetailDto } from '@mkt/contracts';
import { useCallback, useState } from 'react';
import { useAddToCart } from '../cart/useAddToCart';
import { SELECT_OPTION_MESSAGE } from '../shared/constants';
import { useLoginGate, useSession } from '../shared/session';
import { cartAdds, hasCartableOption, type ChosenOption } from './optionSelection';
import { rememberChoice } from './rememberedChoice';
import { useWish } from './useWish';

/*
 * The member side of the detail page's buttons:
 *  - wish: the state from GET /api/wishlist/wno/{mno}/{pno}, toggled by add or removal by wish id (./useWish).
 *  - cart: POST /api/cart/add { mno, odno, c_cnt } once per chosen option, then the header count (../cart/useAddToCart).
 *  - inquiry: opens the inquiry modal (../inquiries/InquiryFormModal), which sends POST /api/qa/add.
 */

/**
 * 찜하기, 장바구니 담기 and 문의하기. Logged out, each alerts '로그인이 필요합니다.' and goes to the
 * login page; 장바구니 담기 first remembers the chosen options, which the page shows again when the
 * login brings the visitor back. Logged in, add to cart first checks that some option has a
 * quantity above zero.
 */
export function useProductActions(product: ProductDetailDto) {
  const gate = useLoginGate();
  const { member } = useSession();
  const wish = useWish(product.pno);
  const { add, adding } = useAddToCart();
  const { toggle } = wish;

  const toggleWish = useCallback(() => gate((member) => toggle(member.mno)), [gate, toggle]);

  const addToCart = useCallback(
    (chosen: readonly ChosenOption[]) => {
      if (!member && hasCartableOption(chosen)) rememberChoice(product.pno, chosen);
      gate((signedIn) => {
        if (!hasCartableOption(chosen)) {
          window.alert(SELECT_OPTION_MESSAGE);
          return;
        }
        if (!adding) void add(signedIn.mno, cartAdds(chosen));
      });
    },
    [member, product.pno, gate, add, adding],
  );

  /** The member asking a question in the inquiry modal, while it is open. */
  const [askingMno, setAskingMno] = useState<number | null>(null);
  const askQuestion = useCallback(() => gate((member) => setAskingMno(member.mno)), [gate]);
  const closeQuestion = useCallback(() => setAskingMno(null), []);

  return { wished: wish.wished, toggleWish, addToCart, adding, askQuestion, askingMno, closeQuestion };
}
