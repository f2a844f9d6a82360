import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import type { ConsoleRole } from '../console/consoleRoles';
import { HomePage } from '../home/HomePage';
import { Layout } from '../layout/Layout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { setAuthNavigator } from '../shared/api/authRedirect';
import { onDemand } from '../shared/routing/onDemand';
import { paths } from '../shared/routing/paths';
import { PageLoading } from '../shared/ui/PageLoading';

/** A console's login and its screens: their own shell, without the store's header and footer. */
function consoleRoutes(role: ConsoleRole): RouteObject[] {
  const shell = { hydrateFallbackElement: <PageLoading />, errorElement: <RouteErrorPage /> };
  return [
    {
      path: `${role}/login`,
      lazy: onDemand(() =>
        import('../console/ConsoleLoginPage').then(({ ConsoleLoginPage }) => ({
          element: <ConsoleLoginPage role={role} />,
        })),
      ),
      ...shell,
    },
    {
      path: `${role}/*`,
      lazy: onDemand(() =>
        import('../console/ConsolePage').then(({ ConsolePage }) => ({
          element: <ConsolePage role={role} />,
        })),
      ),
      ...shell,
    },
  ];
}

/** Route ids the server renders with data (server/serverLoaders.ts names its loaders by them). */
export const RENDERED_ROUTE_IDS = {
  home: 'home',
  productDetail: 'product-detail',
  productList: 'product-list',
  noticeList: 'notice-list',
  noticeDetail: 'notice-detail',
  faqList: 'faq-list',
} as const;

// Only the home is in the entry chunk (with the layout): every other page is fetched on its first
// visit (onDemand), so the home's JavaScript stays small. Opened directly, such a page
// shows PageLoading meanwhile; reached by a link, the layout's NavigationProgress.
// The same routes render on the server (server/renderPage.tsx).
export const routes: RouteObject[] = [
  ...consoleRoutes('admin'),
  ...consoleRoutes('seller'),
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <PageLoading />,
        children: [
          { id: RENDERED_ROUTE_IDS.home, index: true, element: <HomePage /> },
          {
            path: 'product',
            children: [
              {
                index: true,
                lazy: onDemand(() =>
                  import('../product-list/ProductListPage').then(({ ProductIndexRedirect }) => ({
                    Component: ProductIndexRedirect,
                  })),
                ),
              },
              {
                id: RENDERED_ROUTE_IDS.productList,
                path: 'list',
                lazy: onDemand(() =>
                  import('../product-list/ProductListPage').then(({ ProductListPage }) => ({
                    Component: ProductListPage,
                  })),
                ),
              },
              {
                id: RENDERED_ROUTE_IDS.productDetail,
                path: ':pno',
                lazy: onDemand(() =>
                  import('../product-detail/ProductDetailPage').then(({ ProductDetailPage }) => ({
                    Component: ProductDetailPage,
                  })),
                ),
              },
            ],
          },
          {
            path: 'member',
            children: [
              { index: true, element: <Navigate to="login" replace /> },
              {
                path: 'login',
                lazy: onDemand(() =>
                  import('../member/LoginPage').then(({ LoginPage }) => ({ Component: LoginPage })),
                ),
              },
              {
                path: 'join',
                lazy: onDemand(() =>
                  import('../member/JoinPage').then(({ JoinPage }) => ({ Component: JoinPage })),
                ),
              },
              {
                path: 'find-password',
                lazy: onDemand(() =>
                  import('../member/FindPasswordPage').then(({ FindPasswordPage }) => ({
                    Component: FindPasswordPage,
                  })),
                ),
              },
              {
                path: 'reset-password',
                lazy: onDemand(() =>
                  import('../member/ResetPasswordPage').then(({ ResetPasswordPage }) => ({
                    Component: ResetPasswordPage,
                  })),
                ),
              },
              {
                path: 'check',
                lazy: onDemand(() =>
                  import('../member/PasswordCheckPage').then(({ PasswordCheckPage }) => ({
                    Component: PasswordCheckPage,
                  })),
                ),
              },
              {
                path: 'modify',
                lazy: onDemand(() =>
                  import('../member/ModifyPage').then(({ ModifyPage }) => ({ Component: ModifyPage })),
                ),
              },
              {
                path: ':provider/suc',
                lazy: onDemand(() =>
                  import('../member/SocialReturnPage').then(({ SocialReturnPage }) => ({
                    Component: SocialReturnPage,
                  })),
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'board',
            lazy: onDemand(() =>
              import('../board/BoardLayout').then(({ BoardLayout }) => ({ Component: BoardLayout })),
            ),
            children: [
              { index: true, element: <Navigate to="notice" replace /> },
              {
                id: RENDERED_ROUTE_IDS.noticeList,
                path: 'notice',
                lazy: onDemand(() =>
                  import('../board/NoticeListPage').then(({ NoticeListPage }) => ({
                    Component: NoticeListPage,
                  })),
                ),
              },
              {
                id: RENDERED_ROUTE_IDS.noticeDetail,
                path: 'notice/detail/:nno',
                lazy: onDemand(() =>
                  import('../board/NoticeDetailPage').then(({ NoticeDetailPage }) => ({
                    Component: NoticeDetailPage,
                  })),
                ),
              },
              {
                id: RENDERED_ROUTE_IDS.faqList,
                path: 'faq',
                lazy: onDemand(() =>
                  import('../board/FaqListPage').then(({ FaqListPage }) => ({ Component: FaqListPage })),
                ),
              },
              {
                path: 'contact',
                lazy: onDemand(() =>
                  import('../board/ContactPage').then(({ ContactPage }) => ({ Component: ContactPage })),
                ),
              },
              {
                path: ':policy',
                lazy: onDemand(() =>
                  import('../board/PolicyPage').then(({ PolicyPage }) => ({ Component: PolicyPage })),
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'cart',
            lazy: onDemand(() =>
              import('../cart/CartPage').then(({ CartPage }) => ({ Component: CartPage })),
            ),
          },
          {
            path: 'payment',
            children: [
              {
                index: true,
                lazy: onDemand(() =>
                  import('../checkout/paymentRedirects').then(({ PaymentIndexRedirect }) => ({
                    Component: PaymentIndexRedirect,
                  })),
                ),
              },
              {
                path: 'form',
                lazy: onDemand(() =>
                  import('../checkout/CheckoutPage').then(({ CheckoutPage }) => ({
                    Component: CheckoutPage,
                  })),
                ),
              },
              {
                path: 'complete/:ono',
                lazy: onDemand(() =>
                  import('../checkout/PaymentCompletePage').then(({ PaymentCompletePage }) => ({
                    Component: PaymentCompletePage,
                  })),
                ),
              },
              {
                path: 'fail',
                lazy: onDemand(() =>
                  import('../checkout/PaymentFailPage').then(({ PaymentFailPage }) => ({
                    Component: PaymentFailPage,
                  })),
                ),
              },
              { path: 'orders', element: <Navigate to={paths.myOrders} replace /> },
              {
                path: 'orders/:ono',
                lazy: onDemand(() =>
                  import('../checkout/paymentRedirects').then(({ PaymentOrderRedirect }) => ({
                    Component: PaymentOrderRedirect,
                  })),
                ),
              },
            ],
          },
          {
            path: 'mypage',
            lazy: onDemand(() =>
              import('../mypage/MyPageLayout').then(({ MyPageLayout }) => ({ Component: MyPageLayout })),
            ),
            children: [
              { index: true, element: <Navigate to="order" replace /> },
              {
                path: 'order',
                lazy: onDemand(() =>
                  import('../mypage/orders/OrderListPage').then(({ OrderListPage }) => ({
                    Component: OrderListPage,
                  })),
                ),
              },
              {
                path: 'order/:ono',
                lazy: onDemand(() =>
                  import('../mypage/orders/OrderDetailPage').then(({ OrderDetailPage }) => ({
                    Component: OrderDetailPage,
                  })),
                ),
              },
              {
                path: 'wishlist',
                lazy: onDemand(() =>
                  import('../mypage/wishlist/WishlistPage').then(({ WishlistPage }) => ({
                    Component: WishlistPage,
                  })),
                ),
              },
              {
                path: 'payment-method',
                lazy: onDemand(() =>
                  import('../mypage/payment-method/PaymentMethodPage').then(({ PaymentMethodPage }) => ({
                    Component: PaymentMethodPage,
                  })),
                ),
              },
              {
                path: 'refund',
                lazy: onDemand(() =>
                  import('../mypage/refunds/RefundHistoryPage').then(({ RefundHistoryPage }) => ({
                    Component: RefundHistoryPage,
                  })),
                ),
              },
              {
                path: 'review',
                lazy: onDemand(() =>
                  import('../mypage/reviews/MyReviewsPage').then(({ MyReviewsPage }) => ({
                    Component: MyReviewsPage,
                  })),
                ),
              },
              {
                path: 'qa',
                lazy: onDemand(() =>
                  import('../mypage/inquiries/MyInquiriesPage').then(({ MyInquiriesPage }) => ({
                    Component: MyInquiriesPage,
                  })),
                ),
              },
              {
                path: 'addr',
                lazy: onDemand(() =>
                  import('../mypage/address/AddressPage').then(({ AddressPage }) => ({
                    Component: AddressPage,
                  })),
                ),
              },
              // The profile edit lives under /member: the password re-check, then the edit.
              { path: 'info', element: <Navigate to={paths.memberCheck} replace /> },
              { path: 'info/modify', element: <Navigate to={paths.memberModify} replace /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the pages the current URL matches before the router starts: a page the server rendered
 * then hydrates as it is, where a page still loading would show PageLoading in its place.
 */
export async function loadMatchedPages(url: Location): Promise<void> {
  const lazyMatches = (matchRoutes(routes, url) ?? []).filter(({ route }) => route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      try {
        const page = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, page, { lazy: undefined });
      } catch {
        // The router loads it again and shows its error (onDemand).
      }
    }),
  );
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Auth errors of any call (REQUIRED_LOGIN, ERROR_ACCESS_DENIED, a failed refresh) navigate in-app.
  setAuthNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
