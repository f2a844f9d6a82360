import type { WishDto } from '@mkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AddToCartModal } from '../../cart/AddToCartModal';
import { ProductImage } from '../../product/ProductImage';
import { ProductPrice } from '../../product/ProductPrice';
import { removeWish, wishKeys, wishlistQuery } from '../../shared/api/wishlist';
import { paths } from '../../shared/routing/paths';
import { formatNumber } from '../../shared/text/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, errorMessage } from '../../shared/ui/ErrorState';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import '../../shared/ui/feedback.css';
import './wishlist.css';

export const WISHLIST_EMPTY_MESSAGE = '찜한 상품이 없습니다.';
const REMOVE_QUESTION = '이 상품을 찜 목록에서 삭제하시겠습니까?';

/** /mypage/wishlist: the member's wishes, newest first, each opening its product, with 장바구니 담기 and 삭제. */
export function WishlistPage() {
  const { mno } = useMyPageMember();
  const queryClient = useQueryClient();
  const wishes = useQuery(wishlistQuery(mno));
  const [removing, setRemoving] = useState<WishDto | null>(null);
  const [adding, setAdding] = useState<WishDto | null>(null);
  const count = useRef<HTMLParagraphElement>(null);

  const remove = useMutation({
    mutationFn: (wish: WishDto) => removeWish(mno, wish.wno),
    onSuccess: (remaining, wish) => {
      queryClient.setQueryData(wishKeys.list(mno), remaining);
      queryClient.setQueryData(wishKeys.product(mno, wish.pno), null);
    },
    onError: (error) => {
      window.alert(`찜한 상품을 삭제하지 못했습니다. ${errorMessage(error)}`);
      void queryClient.invalidateQueries({ queryKey: wishKeys.list(mno) });
    },
    onSettled: () => setRemoving(null),
  });

  const list = wishes.data ?? [];

  return (
    <MyPageSection title="찜한 상품">
      {wishes.isPending ? (
        <ul className="wish-list" aria-busy="true" aria-label="찜한 상품을 불러오는 중">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="wish-item wish-item--skeleton" aria-hidden="true">
              <div className="wish-item__media skeleton" />
              <div className="wish-item__body">
                <div className="skeleton wish-item__bar" />
                <div className="skeleton wish-item__bar wish-item__bar--short" />
              </div>
            </li>
          ))}
        </ul>
      ) : wishes.isError ? (
        <ErrorState
          title="찜한 상품을 불러오지 못했습니다"
          error={wishes.error}
          onRetry={() => void wishes.refetch()}
        />
      ) : (
        <>
          <p ref={count} className="wish-count" tabIndex={-1} data-testid="wish-count">
            전체 <strong>{formatNumber(list.length)}</strong>개
          </p>
          {list.length === 0 ? (
            <div className="wish-empty" data-testid="wish-empty">
              <p className="empty-state" role="status">
                {WISHLIST_EMPTY_MESSAGE}
              </p>
              <Link to={paths.home} className="btn">
                상품 둘러보기
              </Link>
            </div>
          ) : (
            <ul className="wish-list" aria-label="찜한 상품 목록">
              {list.map((wish) => (
                <WishItem
                  key={wish.wno}
                  wish={wish}
                  onAddToCart={() => setAdding(wish)}
                  onRemove={() => setRemoving(wish)}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {removing && (
        <ConfirmDialog
          title="찜 삭제"
          message={REMOVE_QUESTION}
          confirmLabel="삭제"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
          returnFocus={() => count.current}
          testId="wish-delete-dialog"
        />
      )}
      {adding && <AddToCartModal mno={mno} pno={adding.pno} onClose={() => setAdding(null)} />}
    </MyPageSection>
  );
}

interface WishItemProps {
  wish: WishDto;
  onAddToCart: () => void;
  onRemove: () => void;
}

function WishItem({ wish, onAddToCart, onRemove }: WishItemProps) {
  return (
    <li className={`wish-item${wish.delFlag ? ' is-ended' : ''}`} data-testid="wish-item" data-pno={wish.pno}>
      <Link to={paths.product(wish.pno)} className="wish-item__link">
        <div className="wish-item__media">
          <ProductImage name={wish.pi_name} alt={wish.p_name} className="wish-item__image" />
          {wish.delFlag && <span className="wish-item__ended">판매 종료</span>}
        </div>
        <div className="wish-item__body">
          <p className="wish-item__name">{wish.p_name}</p>
          <ProductPrice price={wish.p_price} salePer={wish.p_salePer} />
        </div>
      </Link>
      <div className="wish-item__actions">
        <button
          type="button"
          className="btn wish-item__button"
          aria-label={`${wish.p_name} 장바구니 담기`}
          disabled={wish.delFlag}
          onClick={onAddToCart}
        >
          장바구니 담기
        </button>
        <button
          type="button"
          className="btn wish-item__button"
          aria-label={`${wish.p_name} 삭제`}
          onClick={onRemove}
        >
          삭제
        </button>
      </div>
    </li>
  );
}
