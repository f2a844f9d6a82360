// The refund service's test-facing surface (`@mkt/refund/testing`), for other projects' tests: its
// database and the commands a test sends on its command bus.
export { RefundDatabase } from '../src/database';
export { DecideRefund } from '../src/refunds/decide-refund';
export { RequestRefund } from '../src/refunds/request-refund';
