// The cart service's test-facing surface (`@mkt/cart/testing`), for other projects' tests.
export { CartDatabase } from '../src/database';
