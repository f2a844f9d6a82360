import { createBrowserRouter, Navigate } from 'react-router-dom';
import { HomePage } from '../home/HomePage';
import { Layout } from '../layout/Layout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { BoardPage, CartPage, JoinPage, LoginPage, MemberPage, MyPage } from '../pages/PlaceholderPages';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { ProductDetailPage } from '../product-detail/ProductDetailPage';
import { ProductIndexRedirect, ProductListPage } from '../product-list/ProductListPage';

export const router = createBrowserRouter([
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
              { path: '*', element: <MemberPage /> },
            ],
          },
          { path: 'board/*', element: <BoardPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'mypage/*', element: <MyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
