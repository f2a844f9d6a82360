import { Navigate, useLocation, useParams } from 'react-router-dom';
import { paths } from '../shared/routing/paths';

/** /payment opens the checkout form, keeping the selected lines a retry carries in its state. */
export function PaymentIndexRedirect() {
  const { state } = useLocation();
  return <Navigate to={paths.paymentForm} state={state} replace />;
}

/** /payment/orders/{ono} (where the spec's refund history links) is my page's order detail. */
export function PaymentOrderRedirect() {
  const { ono } = useParams();
  return <Navigate to={paths.myOrder(Number(ono))} replace />;
}
