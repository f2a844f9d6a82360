import type { Type } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@mkt/contracts';
import { AuthErrors } from '@mkt/contracts';
import { BoardDatabase } from '@mkt/board';
import type { MemberDatabase } from '@mkt/member';
import { createProduct } from '@mkt/catalog/testing';
import {
  AdminMembersController,
  CartController,
  ConsoleOrdersController,
  encodeBase64Id,
  FaqController,
  InquiryController,
  MemberAuthController,
  NoticeController,
  OrderController,
  PaymentController,
  ProductManagementController,
  RefundController,
  ReviewController,
  SocialSignInController,
  VisitorController,
  WishlistController,
} from '@mkt/bff/testing';
import type { CatalogDatabase } from '@mkt/catalog';
import { eventually, mailsTo, resetLinkIn } from '@mkt/testing';
import type { AccountsStack } from '../testing/accounts-stack';
import {
  callApi,
  JOIN_PASSWORD,
  joinRequest,
  sendApiRequest,
  signIn,
  startAccountsStack,
} from '../testing/accounts-stack';
import type { LocalSocialProvider } from '../../../src/local-social-provider';
import { startLocalSocialProvider } from '../../../src/local-social-provider';
import { authorizeAtProvider, socialTicket, TEST_RETURN_ADDRESS } from '../testing/social-sign-in';

jest.setTimeout(90_000);

/** Every route of these controllers needs a row below; a new controller of member-only or admin routes joins the list. */
const AUDITED_CONTROLLERS: Type[] = [
  MemberAuthController,
  SocialSignInController,
  AdminMembersController,
  VisitorController,
  CartController,
  WishlistController,
  OrderController,
  PaymentController,
  RefundController,
  ConsoleOrdersController,
  NoticeController,
  FaqController,
  ProductManagementController,
  ReviewController,
  InquiryController,
];

const CALLERS = ['visitor', 'member A', 'member B', 'seller', 'other seller', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

const LOGIN = AuthErrors.requiredLogin;
const DENIED = AuthErrors.accessDenied;
/** Somebody else's cart line named in a body: not among the caller's own (404). */
const HIDDEN = 'NOT_FOUND';
/** Another seller's refund: a refusal of the console's own (403), not a missing permission. */
const NOT_YOURS = 'NOT_YOUR_REFUND';
/** Another seller's product's inquiry: the console's own refusal (403), as for refunds. */
const NOT_YOUR_INQUIRY = 'NOT_YOUR_INQUIRY';
/** An allowed call's status, or the error a refused one answers (401 REQUIRED_LOGIN, 403 ERROR_ACCESS_DENIED, 404). */
type Outcome =
  number | typeof LOGIN | typeof DENIED | typeof HIDDEN | typeof NOT_YOURS | typeof NOT_YOUR_INQUIRY;
type Access = Record<Caller, Outcome>;

const everyone = (status: number): Access => ({
  visitor: status,
  'member A': status,
  'member B': status,
  seller: status,
  'other seller': status,
  admin: status,
});
/** Member A's own data, which admins may also reach. */
const ownerOrAdmin = (status: number): Access => ({
  visitor: LOGIN,
  'member A': status,
  'member B': DENIED,
  seller: DENIED,
  'other seller': DENIED,
  admin: status,
});
/** Member A's own data, nobody else's business, admins included. */
const ownerOnly = (status: number): Access => ({
  visitor: LOGIN,
  'member A': status,
  'member B': DENIED,
  seller: DENIED,
  'other seller': DENIED,
  admin: DENIED,
});
const adminOnly = (status: number): Access => ({
  visitor: LOGIN,
  'member A': DENIED,
  'member B': DENIED,
  seller: DENIED,
  'other seller': DENIED,
  admin: status,
});
/** Sellers' and admins' consoles: every seller gets an answer (holding only its own orders). */
const consoles = (status: number): Access => ({
  visitor: LOGIN,
  'member A': DENIED,
  'member B': DENIED,
  seller: status,
  'other seller': status,
  admin: status,
});
/** A refund of member A's order of the seller's product: that seller or an admin decides. */
const owningSellerOrAdmin = (status: number): Access => ({
  visitor: LOGIN,
  'member A': DENIED,
  'member B': DENIED,
  seller: status,
  'other seller': NOT_YOURS,
  admin: status,
});

/** Member A: the member whose data a route names. */
interface MemberA {
  mno: number;
  email: string;
  password: string;
  accessToken: string;
}

/** The path parameters, query and body of one call. */
interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
}

/** What a row's request may arrange. */
interface Scene {
  newEmail(label: string): string;
  signIn(email: string, password: string): Promise<LoginResult>;
  /** The token of a password reset link mailed to A. */
  resetTokenOf(a: MemberA): Promise<string>;
  /** A fresh Kakao authorization code, and a fresh sign-in ticket, for somebody new. */
  socialCode(): Promise<string>;
  socialTicket(): Promise<string>;
  /** A line in A's cart (of the stack's product), and its number. */
  cartLineOf(a: MemberA): Promise<number>;
  /** A's wish of the stack's product, and its number. */
  wishOf(a: MemberA): Promise<number>;
  /** An order of A's (waiting for payment), and its number. */
  orderOf(a: MemberA): Promise<number>;
  /** A sandbox payment of a new order of A's, as `POST /api/payments` takes it. */
  paymentOf(a: MemberA): Promise<{ imp_uid: string; merchant_uid: string; amount: number; ono: number }>;
  /** The path parameters of verifying a recorded payment of A's. */
  recordedPaymentOf(a: MemberA): Promise<{ impUid: string; pmno: string }>;
  /** A new order of A's, paid and complete. */
  paidOrderOf(a: MemberA): Promise<{ ono: number }>;
  /** A refund (pending) of a new paid order of A's, of the seller's product; its number. */
  refundOf(a: MemberA): Promise<number>;
  /** The line of a new paid order of A's, to review. */
  reviewableLineOf(a: MemberA): Promise<number>;
  /** A review of A's of the stack's product, and its number. */
  reviewOf(a: MemberA): Promise<number>;
  /** An inquiry of A's about the seller's product, and its number. */
  inquiryOf(a: MemberA): Promise<number>;
  /** The product on sale (the demo seller's) and its option. */
  product: { pno: number; odno: number; price: number };
  /** A new notice or FAQ (written by the admin), and its number. */
  noticeOf(isPrivate: boolean): Promise<number>;
  faqOf(isPrivate: boolean): Promise<number>;
  /** A new product of the demo seller's, filed under a lowest-level category. */
  sellersProduct(): Promise<{ pno: number; odno: number; ctno: number }>;
}

/** What a row may watch: the member database, and A's data through the API as A. */
interface View {
  members: MemberDatabase;
  board: BoardDatabase;
  catalog: CatalogDatabase;
  product(): Scene['product'];
  getAsA(a: MemberA, path: string): Promise<unknown>;
}

interface RouteRow {
  /** Method and path as the controller declares them. */
  route: string;
  access: Access;
  /** Aimed at member A wherever the route takes a member (path, query or body). */
  request?: (a: MemberA, scene: Scene) => RouteRequest | Promise<RouteRequest>;
  /**
   * Rows that change member A get a new A for every call (`new, suspended`: suspended after signing
   * in), so the calls pass in any order; the others share the demo shopper.
   */
  memberA?: 'new' | 'new, suspended';
  /** What an allowed call changes; a refused call must leave it as it was. */
  watch?: (a: MemberA, view: View) => Promise<unknown>;
}

const aByEncodedMno = (a: MemberA): RouteRequest => ({ params: { encodedMno: encodeBase64Id(a.mno) } });
const storedMember = (a: MemberA, { members }: View) =>
  members.member.findUniqueOrThrow({ where: { mno: a.mno } });
const cartOfA = (a: MemberA, view: View) => view.getAsA(a, `/api/cart/${a.mno}`);
const wishesOfA = (a: MemberA, view: View) => view.getAsA(a, `/api/wishlist/list/${a.mno}`);
const aByMno = (a: MemberA): RouteRequest => ({ params: { mno: String(a.mno) } });
const byProduct = (_a: MemberA, scene: Scene): RouteRequest => ({
  params: { pno: String(scene.product.pno) },
});
const ordersOfA = (a: MemberA, view: View) => view.getAsA(a, `/api/orders/member/${a.mno}`);
const reviewCount = (a: MemberA, view: View) => view.getAsA(a, `/api/review/cnt/${view.product().pno}`);
const inquiriesOfA = (a: MemberA, view: View) => view.getAsA(a, `/api/qa/list/my/${a.mno}`);
const inquiryBody = (a: MemberA, scene: Scene) => ({
  title: '배송 문의',
  content: '언제 도착하나요?',
  secret: true,
  mno: a.mno,
  pno: scene.product.pno,
  replyCheck: false,
});
const orderBody = (a: MemberA, scene: Scene) => ({
  mno: a.mno,
  o_reciver: '김민수',
  o_address: '(06236) 서울 강남구 테헤란로 1',
  o_reciverPhoNum: '01012345678',
  orderDetails: [{ odno: scene.product.odno, or_count: 1 }],
});

/** The newest notice or FAQ: the one a row's request wrote (and the call may change or delete). */
const newestNotice = (_a: MemberA, { board }: View) => board.notice.findFirst({ orderBy: { nno: 'desc' } });
const newestFaq = (_a: MemberA, { board }: View) => board.faq.findFirst({ orderBy: { fno: 'desc' } });
const aNotice = async (_a: MemberA, scene: Scene): Promise<RouteRequest> => ({
  params: { encodedNno: encodeBase64Id(await scene.noticeOf(false)) },
});
const aFaq = async (_a: MemberA, scene: Scene): Promise<RouteRequest> => ({
  params: { encodedFno: encodeBase64Id(await scene.faqOf(false)) },
});
/** Private notices and FAQs are not found by anybody but admins. */
const adminElseHidden = (status: number): Access => ({
  visitor: HIDDEN,
  'member A': HIDDEN,
  'member B': HIDDEN,
  seller: HIDDEN,
  'other seller': HIDDEN,
  admin: status,
});

/** One row per route: what each caller gets, and the request aimed at member A. */
const ROUTES: RouteRow[] = [
  {
    route: 'POST /api/member/join',
    access: everyone(201),
    request: (_a, scene) => ({ json: joinRequest(scene.newEmail('joiner')) }),
  },
  {
    route: 'POST /api/member/login',
    access: everyone(200),
    request: (a) => ({ form: { username: a.email, password: a.password } }),
  },
  {
    route: 'GET /api/member/refresh',
    access: everyone(200),
    request: async (a, scene) => ({
      query: { refreshToken: (await scene.signIn(a.email, a.password)).refreshToken },
    }),
  },
  {
    route: 'POST /api/member/logout',
    access: everyone(200),
    request: async (a, scene) => ({
      json: { refreshToken: (await scene.signIn(a.email, a.password)).refreshToken },
    }),
  },
  {
    route: 'POST /api/member/password-reset',
    access: everyone(200),
    request: (a) => ({ json: { email: a.email } }),
  },
  {
    route: 'POST /api/member/password-reset/confirm',
    access: everyone(200),
    memberA: 'new',
    request: async (a, scene) => ({ json: { token: await scene.resetTokenOf(a), password: 'renewed12!' } }),
    watch: storedMember,
  },
  {
    route: 'GET /api/member/info/:email',
    access: ownerOrAdmin(200),
    request: (a) => ({ params: { email: a.email } }),
  },
  {
    route: 'POST /api/member/check-password',
    access: ownerOnly(200),
    memberA: 'new',
    request: (a) => ({ json: { email: a.email, password: a.password } }),
  },
  {
    route: 'PUT /api/member/modify',
    access: ownerOnly(200),
    memberA: 'new',
    request: (a) => ({
      json: { mno: a.mno, m_nickname: '바뀐별명', def_addr: '(06236) 서울 강남구 테헤란로 1' },
    }),
    watch: storedMember,
  },
  { route: 'GET /api/member/list', access: adminOnly(200) },
  { route: 'GET /api/admin/:encodedMno', access: adminOnly(200), request: aByEncodedMno },
  {
    route: 'PUT /api/admin/ban/:encodedMno',
    access: adminOnly(200),
    memberA: 'new',
    request: aByEncodedMno,
    watch: storedMember,
  },
  {
    route: 'PUT /api/admin/unban/:encodedMno',
    access: adminOnly(200),
    memberA: 'new, suspended',
    request: aByEncodedMno,
    watch: storedMember,
  },
  { route: 'GET /api/member/social/providers', access: everyone(200) },
  {
    route: 'POST /api/member/:provider/token/:code',
    access: everyone(200),
    request: async (_a, scene) => ({
      params: { provider: 'kakao', code: await scene.socialCode() },
      json: { redirect_uri: TEST_RETURN_ADDRESS },
    }),
  },
  {
    route: 'GET /api/member/:provider/suc/:accessToken',
    access: everyone(200),
    request: async (_a, scene) => ({
      params: { provider: 'kakao', accessToken: await scene.socialTicket() },
    }),
  },
  { route: 'POST /api/admin/visitor/log', access: everyone(204) },
  { route: 'GET /api/admin/visitor/daily', access: adminOnly(200) },
  { route: 'GET /api/admin/visitor/hourly', access: adminOnly(200) },
  { route: 'GET /api/admin/visitor/stream', access: adminOnly(200) },
  { route: 'GET /api/admin/visitor/count', access: adminOnly(200) },
  { route: 'GET /api/cart/:mno', access: ownerOnly(200), request: aByMno },
  {
    route: 'GET /api/cart/:mno/summary',
    access: ownerOnly(200),
    memberA: 'new',
    request: async (a, scene) => ({ ...aByMno(a), query: { cino: String(await scene.cartLineOf(a)) } }),
  },
  {
    route: 'POST /api/cart/add',
    access: ownerOnly(201),
    memberA: 'new',
    request: (a, scene) => ({ json: { mno: a.mno, odno: scene.product.odno, c_cnt: 1 } }),
    watch: cartOfA,
  },
  {
    route: 'PUT /api/cart/change',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ json: { cino: await scene.cartLineOf(a), c_cnt: 2 } }),
    watch: cartOfA,
  },
  {
    route: 'DELETE /api/cart/delete/:cino/:mno',
    access: ownerOnly(200),
    memberA: 'new',
    request: async (a, scene) => ({
      params: { cino: String(await scene.cartLineOf(a)), mno: String(a.mno) },
    }),
    watch: cartOfA,
  },
  { route: 'GET /api/wishlist/list/:mno', access: ownerOnly(200), request: aByMno },
  {
    route: 'GET /api/wishlist/wno/:mno/:pno',
    access: ownerOnly(200),
    request: (a, scene) => ({ params: { mno: String(a.mno), pno: String(scene.product.pno) } }),
  },
  {
    route: 'POST /api/wishlist/add/:mno/:pno',
    access: ownerOnly(201),
    memberA: 'new',
    request: (a, scene) => ({ params: { mno: String(a.mno), pno: String(scene.product.pno) } }),
    watch: wishesOfA,
  },
  {
    route: 'DELETE /api/wishlist/delete/:wno/:mno',
    access: ownerOnly(200),
    memberA: 'new',
    request: async (a, scene) => ({ params: { wno: String(await scene.wishOf(a)), mno: String(a.mno) } }),
    watch: wishesOfA,
  },
  {
    route: 'POST /api/orders',
    access: ownerOnly(201),
    memberA: 'new',
    request: (a, scene) => ({ json: orderBody(a, scene) }),
    watch: ordersOfA,
  },
  { route: 'GET /api/orders/member/:mno', access: ownerOnly(200), request: aByMno },
  {
    route: 'GET /api/orders/member/:mno/:ono',
    access: ownerOnly(200),
    memberA: 'new',
    request: async (a, scene) => ({ params: { mno: String(a.mno), ono: String(await scene.orderOf(a)) } }),
  },
  {
    route: 'GET /api/order-details/order/:ono',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: { ono: String(await scene.orderOf(a)) } }),
  },
  {
    route: 'POST /api/orders/:ono/payment-abandoned',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({
      params: { ono: String(await scene.orderOf(a)) },
      json: { outcome: 'cancelled' },
    }),
    watch: ordersOfA,
  },
  {
    route: 'GET /api/orders/:ono/refunds',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: { ono: String(await scene.orderOf(a)) } }),
  },
  { route: 'GET /api/payments/gateway', access: everyone(200) },
  {
    route: 'POST /api/orders/:ono/refund',
    access: { ...ownerOnly(201), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({
      params: { ono: String((await scene.paidOrderOf(a)).ono) },
      json: { rf_reason: '상품이 설명과 달라서 환불을 요청합니다.' },
    }),
  },
  // Each member reads their own history: member B gets theirs.
  { route: 'GET /api/refunds', access: { ...ownerOnly(200), 'member B': 200 } },
  {
    route: 'POST /api/refunds/:rfno/approve',
    access: owningSellerOrAdmin(200),
    memberA: 'new',
    request: async (a, scene) => ({ params: { rfno: String(await scene.refundOf(a)) } }),
  },
  {
    route: 'POST /api/refunds/:rfno/reject',
    access: owningSellerOrAdmin(200),
    memberA: 'new',
    request: async (a, scene) => ({
      params: { rfno: String(await scene.refundOf(a)) },
      json: { reason: '사용 흔적이 있습니다.' },
    }),
  },
  { route: 'GET /api/orders', access: consoles(200) },
  {
    route: 'GET /api/orders/status',
    access: consoles(200),
    request: () => ({ query: { status: 'ORDER_COMPLETE' } }),
  },
  { route: 'GET /api/orders/user/:mno/status', access: consoles(200), request: aByMno },
  {
    route: 'POST /api/payments/sandbox/pay',
    access: { ...ownerOnly(200), 'member B': 200 },
    request: () => ({
      json: { merchant_uid: `mkt_authz_${Date.now()}`, amount: 1_000, pg_provider: 'kakaopay' },
    }),
  },
  {
    route: 'POST /api/payments',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ json: await scene.paymentOf(a) }),
  },
  {
    route: 'POST /api/payments/verify/:impUid/:pmno',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: await scene.recordedPaymentOf(a) }),
  },
  {
    route: 'POST /api/checkout/verify/:impUid/:pmno',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: await scene.recordedPaymentOf(a) }),
  },
  {
    route: 'POST /api/payments/webhook',
    access: everyone(200),
    request: async (a, scene) => ({ json: { imp_uid: (await scene.paymentOf(a)).imp_uid } }),
  },
  {
    route: 'GET /api/payments/order/:ono',
    access: { ...ownerOnly(200), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: { ono: String((await scene.paidOrderOf(a)).ono) } }),
  },
  // The public lists are everybody's; the private items in them (includePrivate) the admins'.
  {
    route: 'GET /api/notice/list',
    access: adminOnly(200),
    request: () => ({ query: { page: '1', size: '10', includePrivate: 'true' } }),
  },
  {
    route: 'GET /api/notice/:encodedNno',
    access: adminElseHidden(200),
    request: async (_a, scene) => ({ params: { encodedNno: encodeBase64Id(await scene.noticeOf(true)) } }),
  },
  {
    route: 'POST /api/notice',
    access: adminOnly(201),
    request: () => ({ json: { title: '권한 확인 공지', content: '내용', isPrivate: false, adno: 1 } }),
    watch: newestNotice,
  },
  {
    route: 'PUT /api/notice/:encodedNno',
    access: adminOnly(200),
    request: async (a, scene) => ({
      ...(await aNotice(a, scene)),
      json: { title: '고친 공지', content: '고친 내용' },
    }),
    watch: newestNotice,
  },
  { route: 'DELETE /api/notice/:encodedNno', access: adminOnly(204), request: aNotice, watch: newestNotice },
  {
    route: 'GET /api/faq/list',
    access: adminOnly(200),
    request: () => ({ query: { includePrivate: 'true' } }),
  },
  {
    route: 'GET /api/faq/:encodedFno',
    access: adminElseHidden(200),
    request: async (_a, scene) => ({ params: { encodedFno: encodeBase64Id(await scene.faqOf(true)) } }),
  },
  {
    route: 'POST /api/faq',
    access: adminOnly(201),
    request: () => ({ json: { question: '권한 확인 질문', answer: '답변', isPrivate: false } }),
    watch: newestFaq,
  },
  {
    route: 'PUT /api/faq/:encodedFno',
    access: adminOnly(200),
    request: async (a, scene) => ({
      ...(await aFaq(a, scene)),
      json: { question: '고친 질문', answer: '고친 답' },
    }),
    watch: newestFaq,
  },
  { route: 'DELETE /api/faq/:encodedFno', access: adminOnly(204), request: aFaq, watch: newestFaq },
  {
    route: 'POST /api/product',
    access: { ...consoles(200), admin: DENIED },
    request: async (_a, scene) => {
      const { ctno } = await scene.sellersProduct();
      const multipart = new FormData();
      multipart.append('dto', JSON.stringify({ pName: '권한 확인 등록', pContent: '설명', pPrice: 1000 }));
      multipart.append('ctnoList', JSON.stringify([ctno]));
      return { multipart };
    },
    watch: (_a, { catalog }) => catalog.product.count({ where: { pName: '권한 확인 등록' } }),
  },
  {
    route: 'PUT /api/product/:encodedPno',
    access: { ...consoles(200), 'other seller': HIDDEN },
    request: async (_a, scene) => {
      const { pno, odno, ctno } = await scene.sellersProduct();
      return {
        params: { encodedPno: encodeBase64Id(pno) },
        json: {
          pName: '권한 확인 수정',
          pContent: '설명',
          pPrice: 2000,
          category: [{ ctno }],
          optionDetail: [{ odno, od_name: '기본', od_price: 0, od_stock: 5 }],
        },
      };
    },
    watch: (_a, { catalog }) => catalog.product.count({ where: { pName: '권한 확인 수정' } }),
  },
  {
    route: 'PUT /api/product/:encodedPno/images',
    access: { ...consoles(200), 'other seller': HIDDEN },
    request: async (_a, scene) => {
      const multipart = new FormData();
      multipart.append('order', '[]');
      return { params: { encodedPno: encodeBase64Id((await scene.sellersProduct()).pno) }, multipart };
    },
  },
  {
    route: 'GET /api/product/manage/:encodedPno',
    access: { ...consoles(200), 'other seller': HIDDEN },
    request: (_a, scene) => ({ params: { encodedPno: encodeBase64Id(scene.product.pno) } }),
  },
  {
    route: 'GET /api/admin/productList',
    access: consoles(200),
    request: () => ({ query: { page: '1', size: '10', ctno: '0', keyword: '' } }),
  },
  {
    route: 'PUT /api/admin/delStatus/:encodedPno',
    access: { ...consoles(200), 'other seller': HIDDEN },
    request: async (_a, scene) => ({
      params: { encodedPno: encodeBase64Id((await scene.sellersProduct()).pno) },
      query: { status: 'false' },
    }),
    watch: (_a, { catalog }) => catalog.product.count({ where: { delFlag: true } }),
  },
  {
    route: 'GET /api/review/review/:rno',
    access: everyone(200),
    request: async (a, scene) => ({ params: { rno: String(await scene.reviewOf(a)) } }),
  },
  { route: 'GET /api/review/cnt/:pno', access: everyone(200), request: byProduct },
  { route: 'GET /api/review/list/:pno', access: everyone(200), request: byProduct },
  {
    route: 'GET /api/review/list/rate/:pno',
    access: everyone(200),
    request: (a, scene) => ({ ...byProduct(a, scene), query: { rate: '5' } }),
  },
  // Only the buyer reviews a line: member B's order holds no such line (404).
  {
    route: 'POST /api/review/add/:orno',
    access: { ...ownerOnly(201), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({
      params: { orno: String(await scene.reviewableLineOf(a)) },
      json: { title: '좋아요', rate: 5, content: '신선하고 맛있어요.' },
    }),
    watch: reviewCount,
  },
  // Every member likes (or stops liking) any review, each their own like.
  {
    route: 'PUT /api/review/change',
    access: { ...ownerOnly(200), 'member B': 200 },
    request: async (a, scene) => ({ json: { rno: await scene.reviewOf(a), reviewLike: 1 } }),
  },
  { route: 'GET /api/review/liked/:pno', access: { ...ownerOnly(200), 'member B': 200 }, request: byProduct },
  {
    route: 'GET /api/qa/product/:pno',
    access: everyone(200),
    request: (_a, scene) => ({ params: { pno: String(scene.product.pno) } }),
  },
  {
    route: 'GET /api/qa/list/:pno',
    access: everyone(200),
    request: (_a, scene) => ({ params: { pno: String(scene.product.pno) }, query: { sortBy: 'qno' } }),
  },
  { route: 'GET /api/qa/list/my/:mno', access: ownerOnly(200), request: aByMno },
  // Each member's own page of inquiries: the token names whose.
  { route: 'GET /api/qa/my', access: { ...ownerOnly(200), 'member B': 200 } },
  {
    route: 'POST /api/qa/add',
    access: ownerOnly(201),
    memberA: 'new',
    request: (a, scene) => ({ json: inquiryBody(a, scene) }),
    watch: inquiriesOfA,
  },
  {
    route: 'PUT /api/qa/change',
    access: ownerOnly(200),
    memberA: 'new',
    request: async (a, scene) => ({
      json: { ...inquiryBody(a, scene), qno: await scene.inquiryOf(a), title: '수정한 문의' },
    }),
    watch: inquiriesOfA,
  },
  {
    route: 'DELETE /api/qa/delete/:qno',
    access: { ...ownerOnly(204), 'member B': HIDDEN },
    memberA: 'new',
    request: async (a, scene) => ({ params: { qno: String(await scene.inquiryOf(a)) } }),
    watch: inquiriesOfA,
  },
  { route: 'GET /api/qa/seller', access: consoles(200) },
  {
    route: 'PUT /api/qa/:qno/reply',
    access: { ...owningSellerOrAdmin(200), 'other seller': NOT_YOUR_INQUIRY },
    memberA: 'new',
    request: async (a, scene) => ({
      params: { qno: String(await scene.inquiryOf(a)) },
      json: { qr_content: '내일 출고됩니다.' },
    }),
    watch: inquiriesOfA,
  },
];

function declaredRoutes(controller: Type): string[] {
  const reflector = new Reflector();
  const prefix = reflector.get<string>(PATH_METADATA, controller);
  const handlers = Object.values(Object.getOwnPropertyDescriptors(controller.prototype));
  return handlers.flatMap(({ value: handler }) => {
    if (typeof handler !== 'function') return [];
    const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
    if (method === undefined) return [];
    // A handler may answer several paths (the spec client's and ours).
    const paths = [reflector.get<string | string[]>(PATH_METADATA, handler)].flat();
    return paths.map((handlerPath) => {
      const path = `/${prefix}/${handlerPath}`.replace(/\/+/g, '/');
      return `${RequestMethod[method]} ${path.replace(/(.)\/$/, '$1')}`;
    });
  });
}

function pathOf(template: string, request: RouteRequest): string {
  const path = template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${template}: the row gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  return request.query ? `${path}?${new URLSearchParams(request.query)}` : path;
}

const REFUSAL_STATUS = {
  [LOGIN]: 401,
  [DENIED]: 403,
  [HIDDEN]: 404,
  [NOT_YOURS]: 403,
  [NOT_YOUR_INQUIRY]: 403,
} as const;

function expectedAnswer(outcome: Outcome): { status: number; error?: string } {
  if (typeof outcome === 'number') return { status: outcome };
  return { status: REFUSAL_STATUS[outcome], error: outcome };
}

function describeOutcome(outcome: Outcome): string {
  const { status, error } = expectedAnswer(outcome);
  return error ? `${status} ${error}` : `allowed (${status})`;
}

/** Each route called by each caller, with member B, the seller and the admin acting on member A's data. */
describe('authorization matrix', () => {
  let stack: AccountsStack;
  let provider: LocalSocialProvider;
  const run = randomBytes(3).toString('hex');
  let serial = 0;
  const scene: Scene = {
    newEmail: (label) => `${label}${++serial}.${run}@example.kr`,
    resetTokenOf: async (a) => {
      await callApi(stack.url, 'POST', '/api/member/password-reset', { json: { email: a.email } });
      const mails = await eventually(async () => {
        const written = await mailsTo(stack.mailFolder, a.email);
        if (!written.length) throw new Error(`no mail to ${a.email} yet`);
        return written;
      });
      return new URL(resetLinkIn(mails[mails.length - 1])).hash.replace('#token=', '');
    },
    signIn: async (email, password) => {
      const answer = await signIn(stack.url, email, password);
      if (answer.status !== 200) throw new Error(`signing in ${email} answered ${answer.status}`);
      return answer.body;
    },
    socialCode: () =>
      authorizeAtProvider(stack.url, 'kakao', { name: '간편', email: scene.newEmail('social') }),
    socialTicket: () => socialTicket(stack.url, 'kakao', { name: '간편', email: scene.newEmail('social') }),
    cartLineOf: async (a) => {
      const added = await callApi<{ cino: number }[]>(stack.url, 'POST', '/api/cart/add', {
        token: a.accessToken,
        json: { odno: scene.product.odno, c_cnt: 1 },
      });
      if (added.status !== 201) throw new Error(`adding to the cart answered ${added.status}`);
      return added.body[0].cino;
    },
    orderOf: async (a) => {
      const placed = await callApi<{ ono: number }>(stack.url, 'POST', '/api/orders', {
        token: a.accessToken,
        json: orderBody(a, scene),
      });
      if (placed.status !== 201) throw new Error(`placing an order answered ${placed.status}`);
      return placed.body.ono;
    },
    paymentOf: async (a) => {
      const ono = await scene.orderOf(a);
      const merchant_uid = `mkt_authz_${ono}`;
      const paid = await callApi<{ imp_uid: string }>(stack.url, 'POST', '/api/payments/sandbox/pay', {
        token: a.accessToken,
        json: { merchant_uid, amount: scene.product.price, pg_provider: 'kakaopay' },
      });
      return { imp_uid: paid.body.imp_uid, merchant_uid, amount: scene.product.price, ono };
    },
    recordedPaymentOf: async (a) => {
      const payment = await scene.paymentOf(a);
      const recorded = await callApi<{ pmno: number }>(stack.url, 'POST', '/api/payments', {
        token: a.accessToken,
        json: payment,
      });
      return { impUid: payment.imp_uid, pmno: String(recorded.body.pmno) };
    },
    paidOrderOf: async (a) => {
      const { impUid, pmno } = await scene.recordedPaymentOf(a);
      const verified = await callApi<boolean>(stack.url, 'POST', `/api/payments/verify/${impUid}/${pmno}`, {
        token: a.accessToken,
      });
      if (verified.body !== true) throw new Error('paying the order did not complete it');
      const orders = await callApi<{ ono: number }[]>(stack.url, 'GET', `/api/orders/member/${a.mno}`, {
        token: a.accessToken,
      });
      return { ono: orders.body[0].ono };
    },
    refundOf: async (a) => {
      const { ono } = await scene.paidOrderOf(a);
      const refund = await callApi<{ rfno: number }>(stack.url, 'POST', `/api/orders/${ono}/refund`, {
        token: a.accessToken,
        json: { rf_reason: '상품이 설명과 달라서 환불을 요청합니다.' },
      });
      if (refund.status !== 201) throw new Error(`requesting a refund answered ${refund.status}`);
      return refund.body.rfno;
    },
    inquiryOf: async (a) => {
      const asked = await callApi<{ qno: number }>(stack.url, 'POST', '/api/qa/add', {
        token: a.accessToken,
        json: inquiryBody(a, scene),
      });
      if (asked.status !== 201) throw new Error(`asking a question answered ${asked.status}`);
      return asked.body.qno;
    },
    wishOf: async (a) => {
      const added = await callApi<number>(
        stack.url,
        'POST',
        `/api/wishlist/add/${a.mno}/${scene.product.pno}`,
        {
          token: a.accessToken,
        },
      );
      if (added.status !== 201) throw new Error(`wishing answered ${added.status}`);
      return added.body;
    },
    reviewableLineOf: async (a) => {
      const { ono } = await scene.paidOrderOf(a);
      const order = await callApi<{ orderDetails: { orno: number }[] }>(
        stack.url,
        'GET',
        `/api/orders/member/${a.mno}/${ono}`,
        { token: a.accessToken },
      );
      const [{ orno }] = order.body.orderDetails;
      // Catalog learns of the bought line from order.completed.
      await eventually(() => stack.catalog!.purchasedLine.findUniqueOrThrow({ where: { orno } }));
      return orno;
    },
    reviewOf: async (a) => {
      const review = await stack.catalog!.review.create({
        data: {
          pno: scene.product.pno,
          mno: a.mno,
          mName: '김민수',
          rate: 4,
          title: '좋아요',
          content: '맛있어요.',
          odName: '기본',
        },
      });
      return review.rno;
    },
    product: { pno: 0, odno: 0, price: 10_000 },
    noticeOf: async (isPrivate) => {
      const written = await callApi<{ nno: number }>(stack.url, 'POST', '/api/notice/', {
        token: tokens.admin,
        json: { title: '권한 확인 공지', content: '내용', isPrivate },
      });
      if (written.status !== 201) throw new Error(`writing a notice answered ${written.status}`);
      return written.body.nno;
    },
    faqOf: async (isPrivate) => {
      const written = await callApi<{ fno: number }>(stack.url, 'POST', '/api/faq/', {
        token: tokens.admin,
        json: { question: '권한 확인 질문', answer: '답변', isPrivate },
      });
      if (written.status !== 201) throw new Error(`writing a FAQ answered ${written.status}`);
      return written.body.fno;
    },
    sellersProduct: async () => {
      const db = stack.catalog!;
      const leaf =
        (await db.category.findFirst({ where: { depth: 3 } })) ??
        (await db.category.create({ data: { cateName: '권한 확인 분류', depth: 3 } }));
      const pno = await createProduct(db, {
        pName: '권한 확인 판매 상품',
        pContent: '설명',
        pPrice: 10_000,
        pSalePer: 0,
        sellerId: (await db.product.findUniqueOrThrow({ where: { pno: scene.product.pno } })).sellerId,
        businessName: '바른농부',
        ctnos: [leaf.ctno],
        options: [{ odName: '기본', odPrice: 0, odStock: 10 }],
        imageNames: [],
      });
      const option = await db.productOption.findFirstOrThrow({ where: { pno } });
      return { pno, odno: option.odno, ctno: leaf.ctno };
    },
  };
  const view: View = {
    get members() {
      return stack.members;
    },
    get board() {
      return stack.service('board').get(BoardDatabase);
    },
    get catalog() {
      return stack.catalog!;
    },
    product: () => scene.product,
    getAsA: async (a, path) => (await callApi(stack.url, 'GET', path, { token: a.accessToken })).body,
  };
  const tokens: Partial<Record<Caller, string>> = {};
  let demoShopper: MemberA;

  async function signedIn(email: string, password: string): Promise<MemberA> {
    const { mno, accessToken } = await scene.signIn(email, password);
    return { mno, email, password, accessToken };
  }

  async function newMember(): Promise<MemberA> {
    const email = scene.newEmail('member');
    const joined = await callApi(stack.url, 'POST', '/api/member/join', { json: joinRequest(email) });
    if (joined.status !== 201) throw new Error(`joining ${email} answered ${joined.status}`);
    return signedIn(email, JOIN_PASSWORD);
  }

  async function memberAFor(row: RouteRow): Promise<MemberA> {
    if (!row.memberA) return demoShopper;
    const a = await newMember();
    if (row.memberA === 'new, suspended')
      await stack.members.member.update({ where: { mno: a.mno }, data: { isBan: true } });
    return a;
  }

  /** The status, and for a refusal the error code; an allowed answer's body is left unread (a stream never ends). */
  async function answerOf(response: Response): Promise<{ status: number; error?: unknown }> {
    if (response.ok) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const text = await response.text();
    try {
      return { status: response.status, error: (JSON.parse(text) as { error?: unknown }).error };
    } catch {
      return { status: response.status, error: text };
    }
  }

  beforeAll(async () => {
    provider = await startLocalSocialProvider();
    stack = await startAccountsStack('authz', { social: provider.settings }, { shop: true, board: true });
    const seller = await signedIn('seller@dealmarket.kr', 'seller1234!');
    const pno = await createProduct(stack.catalog!, {
      pName: '권한 확인 상품',
      pContent: '',
      pPrice: 10_000,
      pSalePer: 0,
      sellerId: seller.mno,
      businessName: '바른농부',
      ctnos: [],
      options: [{ odName: '기본', odPrice: 0, odStock: 1_000 }],
      imageNames: [],
    });
    const option = await stack.catalog!.productOption.findFirstOrThrow({ where: { pno } });
    scene.product = { pno, odno: option.odno, price: 10_000 };
    demoShopper = await signedIn('user@dealmarket.kr', 'user1234!');
    tokens['member B'] = (await newMember()).accessToken;
    tokens.seller = seller.accessToken;
    const otherSeller = await newMember();
    await stack.members.member.update({ where: { mno: otherSeller.mno }, data: { role: 'SELLER' } });
    tokens['other seller'] = (await signedIn(otherSeller.email, otherSeller.password)).accessToken;
    tokens.admin = (await signedIn('admin@dealmarket.kr', 'admin1234!')).accessToken;
  });

  afterAll(async () => {
    await stack?.close();
    await provider?.close();
  });

  it('has a row for every route of the audited controllers', () => {
    expect(ROUTES.map((row) => row.route).sort()).toEqual(AUDITED_CONTROLLERS.flatMap(declaredRoutes).sort());
  });

  describe.each(ROUTES.map((row) => [row.route, row] as const))('%s', (_route, row) => {
    it.each(CALLERS.map((caller) => [caller, describeOutcome(row.access[caller])] as const))(
      '%s: %s',
      async (caller) => {
        const a = await memberAFor(row);
        const request = (await row.request?.(a, scene)) ?? {};
        const token = caller === 'member A' ? a.accessToken : tokens[caller];
        const [method, template] = row.route.split(' ');
        const before = await row.watch?.(a, view);

        const response = await sendApiRequest(stack.url, method, pathOf(template, request), {
          token,
          json: request.json,
          form: request.form,
          multipart: request.multipart,
        });

        const expected = row.access[caller];
        expect(await answerOf(response)).toEqual(expectedAnswer(expected));
        if (row.watch) {
          const after = await row.watch(a, view);
          if (typeof expected === 'number') expect(after).not.toEqual(before);
          else expect(after).toEqual(before);
        }
      },
    );
  });
});
