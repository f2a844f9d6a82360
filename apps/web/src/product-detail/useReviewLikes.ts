import type { PageResult, ReviewDto, ReviewLikeDto } from '@mkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { likedReviewsQuery, reviewKeys, toggleReviewLike } from '../shared/api/reviews';
import { useLoginGate, useSession } from '../shared/session';
import { errorMessage } from '../shared/ui/ErrorState';

/**
 * The product page's 도움돼요 on reviews: which ones the signed-in member likes, and the toggle
 * (logged out: the login gate). Each listed review then shows the count the server keeps.
 */
export function useReviewLikes(pno: number) {
  const { member } = useSession();
  const gate = useLoginGate();
  const queryClient = useQueryClient();
  const liked = useQuery({ ...likedReviewsQuery(member?.mno ?? 0, pno), enabled: member !== null });

  const { mutate, isPending, variables } = useMutation({
    mutationFn: ({ review, wasLiked }: { review: ReviewDto; wasLiked: boolean; mno: number }) =>
      toggleReviewLike(review, wasLiked),
    onSuccess: (answer: ReviewLikeDto, { mno }) => {
      queryClient.setQueriesData<PageResult<ReviewDto>>(
        { queryKey: reviewKeys.lists(pno) },
        (page) =>
          page && {
            ...page,
            dtoList: page.dtoList.map((review) =>
              review.rno === answer.rno ? { ...review, reviewLike: answer.reviewLike } : review,
            ),
          },
      );
      queryClient.setQueryData<number[]>(reviewKeys.liked(mno, pno), (rnos = []) =>
        answer.liked ? [...new Set([...rnos, answer.rno])] : rnos.filter((rno) => rno !== answer.rno),
      );
      void queryClient.invalidateQueries({ queryKey: reviewKeys.one(answer.rno) });
    },
    onError: (error) => window.alert(`추천하지 못했습니다. ${errorMessage(error)}`),
  });

  const likes = useCallback((rno: number) => liked.data?.includes(rno) ?? false, [liked.data]);

  const toggle = useCallback(
    (review: ReviewDto) =>
      gate((signedIn) => {
        if (!isPending) mutate({ review, wasLiked: likes(review.rno), mno: signedIn.mno });
      }),
    [gate, isPending, mutate, likes],
  );

  return { likes, toggle, togglingRno: isPending ? variables?.review.rno : undefined };
}
