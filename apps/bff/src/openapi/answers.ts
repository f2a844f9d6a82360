import type {
  CartLineDto,
  CartSummaryDto,
  CategoryDto,
  DailyVisits,
  FaqDto,
  HourlyVisits,
  InquiryDto,
  InquiryWithProductDto,
  LoginResult,
  ManagedProductDetailDto,
  ManagedProductDto,
  MemberDto,
  NoticeDto,
  OrderDto,
  OrderLineDto,
  OrderPaymentDto,
  PaymentGatewayDto,
  PaymentRecordResult,
  PaymentVerificationDto,
  PlacedOrderDto,
  ProductDetailDto,
  ProductSummaryDto,
  RefundDto,
  RefundHistoryPage,
  ReviewDto,
  ReviewLikeDto,
  SandboxPayResult,
  SellerOrderDto,
  SocialProviderLink,
  VisitorCountDto,
  WishDto,
} from '@mkt/contracts';
import { GRADES, ORDER_STATUSES, REFUND_STATUSES, SOCIAL_PROVIDERS } from '@mkt/contracts';
import { z } from 'zod';

/**
 * The API's answers as zod schemas, for the OpenAPI document only: the answer types in
 * libs/contracts are TypeScript interfaces. `satisfies z.ZodType<Dto>` makes the compiler refuse a
 * schema that misses or mistypes a field of its type.
 */

const int = z.number().int();
const date = z.string().describe('ISO 8601 date-time');
const orderStatus = z.enum(ORDER_STATUSES);
const refundStatus = z.enum(REFUND_STATUSES);
const part = z.enum(['PENDING', 'APPROVED', 'REJECTED']).nullable();
const images = z.array(z.object({ pi_name: z.string() }));

/** The spec's page result around `item`. */
export const pageOf = (item: z.ZodType) =>
  z.object({
    dtoList: z.array(item),
    pageNumList: z.array(int),
    pageRequestDTO: z.object({ page: int, size: int }),
    prev: z.boolean(),
    next: z.boolean(),
    prevPage: int,
    nextPage: int,
    totalCount: int,
    totalPage: int,
    current: int,
  });

export const category = z.object({
  ctno: int,
  cateName: z.string(),
  depth: int,
  superCate: int.nullable().describe("the parent's ctno"),
}) satisfies z.ZodType<CategoryDto>;

/** `superCate` is the parent category itself, with its own `superCate` up to the root (null). */
export const categoryWithAncestors = category.extend({
  superCate: z
    .object({ ctno: int, cateName: z.string(), depth: int, superCate: z.object({}).loose().nullable() })
    .nullable(),
});

export const productSummary = z.object({
  pno: int,
  pName: z.string(),
  p_name: z.string(),
  pPrice: int,
  p_price: int,
  pSalePer: int,
  p_salePer: int,
  p_salesVol: int,
  p_stock: int,
  delFlag: z.boolean(),
  businessName: z.string(),
  productImage: images,
}) satisfies z.ZodType<ProductSummaryDto>;

export const productDetail = productSummary.extend({
  pContent: z.string(),
  sno: int,
  optionDetail: z.array(z.object({ odno: int, od_name: z.string(), od_price: int, od_stock: int })),
  category: z.array(category),
}) satisfies z.ZodType<ProductDetailDto>;

export const managedProductDetail = productDetail.extend({
  categoryProductBumpers: z.array(z.object({ ctno: int })),
}) satisfies z.ZodType<ManagedProductDetailDto>;

export const managedProduct = z.object({
  pno: int,
  pName: z.string(),
  delFlag: z.boolean(),
  pPrice: int,
  pSalePer: int,
  p_stock: int,
  sno: int,
  businessName: z.string(),
}) satisfies z.ZodType<ManagedProductDto>;

export const review = z.object({
  rno: int,
  pno: int,
  m_name: z.string(),
  rate: int,
  title: z.string(),
  content: z.string(),
  regDate: date,
  reviewLike: int,
  businessName: z.string(),
  od_name: z.string(),
}) satisfies z.ZodType<ReviewDto>;

export const reviewLike = z.object({
  rno: int,
  liked: z.boolean(),
  reviewLike: int,
}) satisfies z.ZodType<ReviewLikeDto>;

export const inquiry = z.object({
  qno: int,
  pno: int,
  mno: int,
  m_nickName: z.string(),
  title: z.string(),
  content: z.string(),
  secret: z.boolean(),
  replyCheck: z.boolean(),
  regDate: date,
  proQAReply: z.object({ qr_content: z.string(), regDate: date }).nullable(),
  masked: z.boolean().describe('this caller gets the secret placeholder'),
}) satisfies z.ZodType<InquiryDto>;

export const inquiryWithProduct = inquiry.extend({
  p_name: z.string().nullable(),
}) satisfies z.ZodType<InquiryWithProductDto>;

export const member = z.object({
  mno: int,
  email: z.string(),
  m_email: z.string(),
  m_name: z.string(),
  m_nickname: z.string(),
  m_phoNum: z.string(),
  def_addr: z.string(),
  isMan: z.boolean(),
  ad_agree: z.boolean(),
  info_agree: z.boolean(),
  totalPay: int,
  membership: z.array(z.enum(GRADES)),
  birth: z.string().nullable(),
  formSns: z.boolean(),
  isBan: z.boolean(),
  role: z.enum(['MEMBER', 'SELLER', 'ADMIN']),
  businessName: z.string().nullable(),
}) satisfies z.ZodType<MemberDto>;

export const login = member.extend({
  accessToken: z.string().describe('30-minute HS256 JWT: send as `Authorization: Bearer <token>`'),
  refreshToken: z.string().describe('for GET /api/member/refresh; works once'),
  roleSet: z.array(z.string()),
}) satisfies z.ZodType<LoginResult>;

export const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const socialProviderLink = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  authorizeUrl: z.string(),
  redirectUri: z.string().nullable(),
}) satisfies z.ZodType<SocialProviderLink>;

export const cartLine = z.object({
  cino: int,
  mno: int,
  pno: int,
  odno: int,
  c_cnt: int,
  p_name: z.string(),
  od_name: z.string(),
  pi_name: z.string(),
  p_price: int,
  od_price: int,
  p_salePer: int,
  p_stock: int,
  od_stock: int,
  businessName: z.string(),
  lineAmount: int,
  unavailable: z.enum(['DELETED', 'SOLD_OUT', 'NOT_ENOUGH_STOCK']).nullable(),
}) satisfies z.ZodType<CartLineDto>;

export const cartSummary = z.object({
  productAmount: int,
  discountAmount: int,
  paymentAmount: int,
  shippingFee: int,
  lineCount: int,
}) satisfies z.ZodType<CartSummaryDto>;

export const wish = z.object({
  wno: int,
  pno: int,
  mno: int,
  p_name: z.string(),
  p_price: int,
  p_salePer: int,
  pi_name: z.string(),
  delFlag: z.boolean(),
}) satisfies z.ZodType<WishDto>;

export const placedOrder = z.object({
  ono: int,
  o_totalPrice: int,
  status: orderStatus,
}) satisfies z.ZodType<PlacedOrderDto>;

export const orderLine = z.object({
  orno: int,
  odno: int,
  pno: int,
  sellerId: int,
  p_name: z.string(),
  od_name: z.string(),
  or_count: int,
  or_price: int,
  rno: int.nullable(),
  review_flag: z.boolean(),
  productImage: images,
}) satisfies z.ZodType<OrderLineDto>;

export const order = z.object({
  ono: int,
  mno: int,
  orderDate: date,
  o_totalPrice: int,
  status: orderStatus,
  o_address: z.string(),
  o_reciver: z.string(),
  o_reciverPhoNum: z.string(),
  orderDetails: z.array(orderLine),
  cancelReason: z.string().nullable(),
}) satisfies z.ZodType<OrderDto>;

export const sellerOrder = z.object({
  ono: int,
  orderDate: date,
  o_totalPrice: int.describe("the whole order for an admin, the seller's own lines for a seller"),
  status: orderStatus,
  mno: int,
  o_address: z.string(),
  o_reciver: z.string(),
  o_reciverPhoNum: z.string(),
  refundDTO: z
    .object({
      rfno: int,
      rf_requestDate: date,
      rf_completeDate: date.nullable(),
      rf_status: refundStatus,
      rf_reason: z.string(),
      myPart: part,
    })
    .nullable(),
  orderDetails: z.array(
    z.object({ orno: int, pno: int, p_name: z.string(), od_name: z.string(), or_count: int, or_price: int }),
  ),
}) satisfies z.ZodType<SellerOrderDto>;

export const paymentGateway = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('sandbox') }),
  z.object({ mode: z.literal('portone'), merchantCode: z.string() }),
]) satisfies z.ZodType<PaymentGatewayDto>;

export const paymentRecordResult = z.object({
  success: z.boolean(),
  pmno: int.nullable(),
  errorMessage: z.string().nullable(),
}) satisfies z.ZodType<PaymentRecordResult>;

export const paymentVerification = z.object({
  verified: z.boolean(),
  status: orderStatus,
  reason: z.string().nullable(),
}) satisfies z.ZodType<PaymentVerificationDto>;

export const orderPayment = z.object({
  imp_uid: z.string(),
  merchant_uid: z.string(),
  amount: int,
  pm_method: z.string(),
  paidAt: date,
}) satisfies z.ZodType<OrderPaymentDto>;

export const sandboxPayResult = z.object({
  imp_uid: z.string(),
  status: z.enum(['paid', 'failed']),
  fail_reason: z.string().nullable(),
}) satisfies z.ZodType<SandboxPayResult>;

export const refund = z.object({
  rfno: int,
  ono: int,
  status: refundStatus,
  amount: int,
  requestDate: date,
}) satisfies z.ZodType<RefundDto>;

export const refundHistoryPage = z.object({
  content: z.array(
    z.object({
      refundId: int,
      orderId: int,
      requestDate: date,
      productName: z.string(),
      amount: int,
      status: z.enum(['PENDING', 'COMPLETED', 'REJECTED']),
    }),
  ),
  totalPages: int,
  totalElements: int,
  number: int.describe('this page, zero-based'),
  size: int,
}) satisfies z.ZodType<RefundHistoryPage>;

export const notice = z.object({
  nno: int,
  title: z.string(),
  content: z.string(),
  isPrivate: z.boolean(),
  adno: int,
  regDate: date,
  encodedId: z.string(),
}) satisfies z.ZodType<NoticeDto>;

export const faq = z.object({
  fno: int,
  question: z.string(),
  answer: z.string(),
  isPrivate: z.boolean(),
  adno: int,
  regDate: date,
}) satisfies z.ZodType<FaqDto>;

export const dailyVisits = z.object({
  date: z.string(),
  visits: int,
  visitors: int,
}) satisfies z.ZodType<DailyVisits>;
export const hourlyVisits = z.object({ hour: int, visits: int }) satisfies z.ZodType<HourlyVisits>;
export const visitorCount = z.object({ counter: int }) satisfies z.ZodType<VisitorCountDto>;
