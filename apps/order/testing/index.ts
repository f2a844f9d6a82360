// The order service's test-facing surface (`@mkt/order/testing`), for other projects' tests: its
// database and the abandoned-order sweep a test runs without waiting for its interval.
export { OrderDatabase } from '../src/database';
export { CancelAbandonedOrders } from '../src/process/abandoned-orders';
