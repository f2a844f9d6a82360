import { createBrowserRouter, Navigate } from 'react-router-dom';
import { BoardLayout } from '../board/BoardLayout';
import { FaqListPage } from '../board/FaqListPage';
import { NoticeDetailPage } from '../board/NoticeDetailPage';
import { NoticeListPage } from '../board/NoticeListPage';
import { CartPage } from '../cart/CartPage';
import { CheckoutPage } from '../checkout/CheckoutPage';
import { PaymentCompletePage } from '../checkout/PaymentCompletePage';
import { PaymentFailPage } from '../checkout/PaymentFailPage';
import { PaymentIndexRedirect, PaymentOrderRedirect } from '../checkout/paymentRedirects';
import { ConsoleLoginPage } from '../console/ConsoleLoginPage';
import { ConsolePage } from '../console/ConsolePage';
import { HomePage } from '../home/HomePage';
import { Layout } from '../layout/Layout';
import { JoinPage } from '../member/JoinPage';
import { LoginPage } from '../member/LoginPage';
import { ModifyPage } from '../member/ModifyPage';
import { PasswordCheckPage } from '../member/PasswordCheckPage';
import { SocialReturnPage } from '../member/SocialReturnPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AddressPage } from '../mypage/address/AddressPage';
import { MyPageLayout } from '../mypage/MyPageLayout';
import { OrderDetailPage } from '../mypage/orders/OrderDetailPage';
import { OrderListPage } from '../mypage/orders/OrderListPage';
import { PaymentMethodPage } from '../mypage/payment-method/PaymentMethodPage';
import { MyInquiriesPage } from '../mypage/inquiries/MyInquiriesPage';
import { MyReviewsPage } from '../mypage/reviews/MyReviewsPage';
import { RefundHistoryPage } from '../mypage/refunds/RefundHistoryPage';
import { WishlistPage } from '../mypage/wishlist/WishlistPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { ProductDetailPage } from '../product-detail/ProductDetailPage';
import { ProductIndexRedirect, ProductListPage } from '../product-list/ProductListPage';
import { setAuthNavigator } from '../shared/api/authRedirect';
import { paths } from '../shared/routing/paths';

export const router = createBrowserRouter([
  // The admin and seller consoles have their own shell, without the store's header and footer.
  { path: 'admin/login', element: <ConsoleLoginPage role="admin" />, errorElement: <RouteErrorPage /> },
  { path: 'admin/*', element: <ConsolePage role="admin" />, errorElement: <RouteErrorPage /> },
  { path: 'seller/login', element: <ConsoleLoginPage role="seller" />, errorElement: <RouteErrorPage /> },
  { path: 'seller/*', element: <ConsolePage role="seller" />, errorElement: <RouteErrorPage /> },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'product',
            children: [
              { index: true, element: <ProductIndexRedirect /> },
              { path: 'list', element: <ProductListPage /> },
              { path: ':pno', element: <ProductDetailPage /> },
            ],
          },
          {
            path: 'member',
            children: [
              { index: true, element: <Navigate to="login" replace /> },
              { path: 'login', element: <LoginPage /> },
              { path: 'join', element: <JoinPage /> },
              { path: 'check', element: <PasswordCheckPage /> },
              { path: 'modify', element: <ModifyPage /> },
              { path: ':provider/suc', element: <SocialReturnPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            path: 'board',
            element: <BoardLayout />,
            children: [
              { index: true, element: <Navigate to="notice" replace /> },
              { path: 'notice', element: <NoticeListPage /> },
              { path: 'notice/detail/:nno', element: <NoticeDetailPage /> },
              { path: 'faq', element: <FaqListPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: 'cart', element: <CartPage /> },
          {
            path: 'payment',
            children: [
              { index: true, element: <PaymentIndexRedirect /> },
              { path: 'form', element: <CheckoutPage /> },
              { path: 'complete/:ono', element: <PaymentCompletePage /> },
              { path: 'fail', element: <PaymentFailPage /> },
              { path: 'orders', element: <Navigate to={paths.myOrders} replace /> },
              { path: 'orders/:ono', element: <PaymentOrderRedirect /> },
            ],
          },
          {
            path: 'mypage',
            element: <MyPageLayout />,
            children: [
              { index: true, element: <Navigate to="order" replace /> },
              { path: 'order', element: <OrderListPage /> },
              { path: 'order/:ono', element: <OrderDetailPage /> },
              { path: 'wishlist', element: <WishlistPage /> },
              { path: 'payment-method', element: <PaymentMethodPage /> },
              { path: 'refund', element: <RefundHistoryPage /> },
              { path: 'review', element: <MyReviewsPage /> },
              { path: 'qa', element: <MyInquiriesPage /> },
              { path: 'addr', element: <AddressPage /> },
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
]);

// Auth errors of any call (REQUIRED_LOGIN, ERROR_ACCESS_DENIED, a failed refresh) navigate in-app.
setAuthNavigator((to) => {
  void router.navigate(to);
});
