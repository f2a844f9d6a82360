// The BFF's test-facing surface (`@mkt/bff/testing`), for other projects' tests: the controllers
// the authorization matrix audits, the token and id codecs a test forges or builds URLs with, the
// login limits, the social gateway and a live visitor-stream client. Never shipped (outside src).
export { AdminMembersController } from '../src/admin/admin-members.controller';
export { ACCESS_TOKEN_ISSUER, signAccessToken } from '../src/auth/access-tokens';
export { LOGIN_LIMITS } from '../src/auth/login-throttle';
export { MemberAuthController } from '../src/auth/member-auth.controller';
export { CartController } from '../src/cart/cart.controller';
export { encodeBase64Id } from '../src/catalog/base64-id';
export { FaqController, NoticeController } from '../src/customer-centre/customer-centre.controller';
export { InquiryController } from '../src/inquiries/inquiry.controller';
export { ConsoleOrdersController } from '../src/orders/console-orders.controller';
export { OrderController } from '../src/orders/order.controller';
export { PaymentController } from '../src/payments/payment.controller';
export { ProductManagementController } from '../src/products/product-management.controller';
export { RefundController } from '../src/refunds/refund.controller';
export { ReviewController } from '../src/reviews/review.controller';
export { SocialGateway } from '../src/social/social-gateway';
export { SocialSignInController } from '../src/social/social-sign-in.controller';
export { VisitorController } from '../src/visitors/visitor.controller';
export { WishlistController } from '../src/wishlist/wishlist.controller';
export type { VisitorStreamClient } from './visitor-stream-client';
export { connectVisitorStream, todayVisits } from './visitor-stream-client';
