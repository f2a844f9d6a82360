// The catalogue service's test-facing surface (`@mkt/catalog/testing`), for other projects' tests:
// products put straight into its database, and the writes a test drives without the BFF.
export { createProduct } from '../src/products/new-product';
export { ProductManagement } from '../src/products/product-management';
export { ReviewWrites } from '../src/reviews/review-writes';
