import type { ProductDetailDto } from '@mkt/contracts';
import { useCallback } from 'react';
import { SELECT_OPTION_MESSAGE } from '../shared/constants';
import { useLoginGate, type SessionMember } from '../shared/session';
import { hasCartableOption, type ChosenOption } from './optionSelection';

/*
 * The member side of the detail page's buttons. Nobody can log in yet, so these are not reached;
 * the wish list, cart and inquiry issues fill them in:
 *  - wish: GET {wish}/wno/{mno}/{pno} for the state, POST {wish}/add/{mno}/{pno}, removal by wish id;
 *    alerts '찜 목록에 등록되었습니다.' / '찜이 취소되었습니다.'
 *  - cart: POST /api/cart/add { mno, odno, c_cnt } once per chosen option, then refresh the header count.
 *  - inquiry: the inquiry modal (title and content required), POST {inquiries}/add.
 */

function notYetAvailable(what: string): void {
  window.alert(`${what} 기능은 준비 중입니다.`);
}

export async function toggleWishAsMember(_member: SessionMember, _product: ProductDetailDto): Promise<void> {
  notYetAvailable('찜하기');
}

export async function addToCartAsMember(
  _member: SessionMember,
  _product: ProductDetailDto,
  _chosen: readonly ChosenOption[],
): Promise<void> {
  notYetAvailable('장바구니 담기');
}

export async function openInquiryFormAsMember(
  _member: SessionMember,
  _product: ProductDetailDto,
): Promise<void> {
  notYetAvailable('상품 문의');
}

function reportFailure(what: string) {
  return (error: unknown) => {
    console.error(`${what}에 실패했습니다.`, error);
    window.alert(`${what}에 실패했습니다. 잠시 후 다시 시도해 주세요.`);
  };
}

/**
 * 찜하기, 장바구니 담기 and 문의하기. Logged out, each alerts '로그인이 필요합니다.' and goes to the
 * login page. Logged in, add to cart first checks that some option has a quantity above zero.
 */
export function useProductActions(product: ProductDetailDto) {
  const gate = useLoginGate();

  const toggleWish = useCallback(
    () => gate((member) => void toggleWishAsMember(member, product).catch(reportFailure('찜하기'))),
    [gate, product],
  );

  const addToCart = useCallback(
    (chosen: readonly ChosenOption[]) =>
      gate((member) => {
        if (!hasCartableOption(chosen)) {
          window.alert(SELECT_OPTION_MESSAGE);
          return;
        }
        void addToCartAsMember(member, product, chosen).catch(reportFailure('장바구니 담기'));
      }),
    [gate, product],
  );

  const askQuestion = useCallback(
    () => gate((member) => void openInquiryFormAsMember(member, product).catch(reportFailure('상품 문의'))),
    [gate, product],
  );

  return { toggleWish, addToCart, askQuestion };
}
