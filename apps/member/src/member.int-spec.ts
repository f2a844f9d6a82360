import type { EventEnvelope } from '@mkt/contracts';
import type { JoinRequest, MemberDto } from '@mkt/contracts';
import {
  AuthErrors,
  JOIN_MESSAGES,
  MemberBannedV1,
  MemberUnbannedV1,
  OrderCompletedV1,
  PaymentRefundedV2,
} from '@mkt/contracts';
import type { TestService } from '@mkt/testing';
import {
  announcedIn,
  callService,
  eventually,
  handledAll,
  JOIN_PASSWORD,
  publishEvent,
  startTestService,
} from '@mkt/testing';
import { MemberDatabase } from './database';
import { memberService } from './member.service';

jest.setTimeout(60_000);

const NEW_PASSWORD = 'efgh5678!';

type Refusal = { error: string; message: string };

/**
 * The member service on its own PostgreSQL database and Kafka: joining, signing in, suspension,
 * profile and password changes, and the total paid as orders complete and refunds come back.
 */
describe('member service', () => {
  let member: TestService;
  let db: MemberDatabase;
  let nextEmail = 1;

  const send = <T>(method: string, path: string, body?: unknown) =>
    callService<T>(member, method, path, body);
  const joinRequest = (fields: Partial<JoinRequest> = {}): JoinRequest => ({
    email: `member-${nextEmail++}-${Date.now()}@dealmarket.kr`,
    m_pw: JOIN_PASSWORD,
    m_name: '김회원',
    m_nickname: '회원',
    m_phoNum: '01012345678',
    def_addr: '서울 중구 세종대로 110',
    isMan: false,
    ad_agree: false,
    info_agree: true,
    ...fields,
  });
  const join = async (fields: Partial<JoinRequest> = {}): Promise<MemberDto> => {
    const answer = await send<MemberDto>('POST', '/members', joinRequest(fields));
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const authenticate = (email: string, password: string) =>
    send<MemberDto & Refusal>('POST', '/members/authenticate', { email, password });
  const setBan = (mno: number, banned: boolean) =>
    send<MemberDto & Refusal>('PUT', `/members/${mno}/ban`, { banned });
  const stored = (mno: number) => db.member.findUniqueOrThrow({ where: { mno } });
  /** A member who signed in with a social provider: no password of ours. */
  const socialMember = () =>
    db.member.create({
      data: {
        email: `social-${nextEmail++}-${Date.now()}@dealmarket.kr`,
        mName: '소셜회원',
        mNickname: '소셜',
        mPhoNum: '01011112222',
        defAddr: '서울 중구 세종대로 110',
        isMan: true,
        infoAgree: true,
        formSns: true,
      },
    });
  beforeAll(async () => {
    member = await startTestService(memberService, { relayPollIntervalMs: 50 });
    db = member.app.get(MemberDatabase);
  });

  afterAll(() => member?.close());

  it('joins a member with the grade, total, role and suspension the server sets, whatever the request says', async () => {
    const request = { ...joinRequest(), role: 'ADMIN', totalPay: 1_000_000, isBan: true, grade: 'PLATINUM' };
    const answer = await send<MemberDto>('POST', '/members', request);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email: request.email,
      role: 'MEMBER',
      membership: ['USER'],
      totalPay: 0,
      isBan: false,
      formSns: false,
    });
    expect(answer.body).not.toHaveProperty('passwordHash');
    expect((await stored(answer.body.mno)).passwordHash).not.toContain(JOIN_PASSWORD);
  });

  it('refuses a second join of one e-mail, in any case, and bad input, in Korean, changing nothing', async () => {
    const first = await join();
    const again = await send<Refusal>('POST', '/members', joinRequest({ email: first.email.toUpperCase() }));
    expect(again).toEqual({
      status: 409,
      body: { error: 'DUPLICATE_EMAIL', message: '이미 가입된 이메일입니다.' },
    });
    const weak = joinRequest({ m_pw: 'abcdefgh' });
    const refused = await send<Refusal>('POST', '/members', weak);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(JOIN_MESSAGES.password);
    expect(await db.member.count({ where: { email: { in: [first.email, weak.email] } } })).toBe(1);
  });

  it('answers an unknown e-mail and a wrong password alike, and refuses a suspended member', async () => {
    const joined = await join();
    const wrongPassword = await authenticate(joined.email, 'wrong1234!');
    const unknownEmail = await authenticate(`nobody-${Date.now()}@dealmarket.kr`, JOIN_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword.body.error).toBe(AuthErrors.loginFailed);

    expect(await authenticate(` ${joined.email.toUpperCase()} `, JOIN_PASSWORD)).toMatchObject({
      status: 200,
      body: { mno: joined.mno },
    });
    await setBan(joined.mno, true);
    expect(await authenticate(joined.email, JOIN_PASSWORD)).toMatchObject({
      status: 403,
      body: { error: AuthErrors.banned, message: '이용이 정지된 계정입니다. 고객센터로 문의해 주세요.' },
    });
  });

  it('suspends and reinstates a member once each, announcing each change, and never an admin', async () => {
    const joined = await join();
    expect(await setBan(joined.mno, true)).toMatchObject({ status: 200, body: { isBan: true } });
    expect(await setBan(joined.mno, true)).toMatchObject({ status: 200, body: { isBan: true } });
    expect(await setBan(joined.mno, false)).toMatchObject({ status: 200, body: { isBan: false } });
    expect(await announcedIn(db, joined.mno)).toEqual([
      { topic: MemberBannedV1.topic, payload: { mno: joined.mno } },
      { topic: MemberUnbannedV1.topic, payload: { mno: joined.mno } },
    ]);

    const admin = await join();
    await db.member.update({ where: { mno: admin.mno }, data: { role: 'ADMIN' } });
    expect(await setBan(admin.mno, true)).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: '관리자 계정은 정지할 수 없습니다.' },
    });
    expect((await stored(admin.mno)).isBan).toBe(false);
    expect(await announcedIn(db, admin.mno)).toEqual([]);
    expect((await setBan(987_654, true)).status).toBe(404);
  });

  it('changes a password only with the current one', async () => {
    const joined = await join();
    const before = (await stored(joined.mno)).passwordHash;
    const wrong = await send<Refusal>('PUT', `/members/${joined.mno}`, {
      now_pw: 'wrong1234!',
      new_m_pw: NEW_PASSWORD,
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: AuthErrors.wrongPassword, message: '현재 비밀번호가 일치하지 않습니다.' },
    });
    expect((await stored(joined.mno)).passwordHash).toBe(before);

    const changed = await send<{ passwordChanged: boolean }>('PUT', `/members/${joined.mno}`, {
      now_pw: JOIN_PASSWORD,
      new_m_pw: NEW_PASSWORD,
      m_nickname: '새닉네임',
    });
    expect(changed).toMatchObject({ status: 200, body: { passwordChanged: true } });
    expect((await authenticate(joined.email, JOIN_PASSWORD)).status).toBe(401);
    expect(await authenticate(joined.email, NEW_PASSWORD)).toMatchObject({
      status: 200,
      body: { m_nickname: '새닉네임' },
    });
  });

  it('lets a social sign-in member change only the address, and set no password', async () => {
    const social = await socialMember();
    const rename = await send<Refusal>('PUT', `/members/${social.mno}`, { m_name: '다른이름' });
    expect(rename).toMatchObject({ status: 403, body: { error: AuthErrors.snsMember } });
    const reset = await send<Refusal>('PUT', `/members/${social.mno}/password`, { password: NEW_PASSWORD });
    expect(reset).toMatchObject({ status: 403, body: { error: AuthErrors.snsMember } });
    expect(await stored(social.mno)).toMatchObject({ mName: '소셜회원', passwordHash: null });

    const moved = await send<{ member: MemberDto }>('PUT', `/members/${social.mno}`, {
      def_addr: '부산 해운대구 해운대해변로 264',
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { member: { def_addr: '부산 해운대구 해운대해변로 264' } },
    });
  });

  it('adds a completed order to the total paid and takes a refunded part off, once however often each arrives', async () => {
    const { mno } = await join();
    const ono = mno * 100;
    const completed = await publishEvent(
      member.transport,
      OrderCompletedV1,
      {
        ono,
        mno,
        totalPrice: 93_710,
        lines: [{ orno: 1, odno: 1, pno: 1, sellerId: 2, count: 1, price: 93_710 }],
        cartItemIds: [],
      },
      ono,
      'order',
    );
    await eventually(async () => expect((await stored(mno)).totalPay).toBe(93_710));
    const refunded = await publishEvent(
      member.transport,
      PaymentRefundedV2,
      {
        rfno: 1,
        ono,
        mno,
        sellerId: 2,
        amount: 37_710,
        completeDate: new Date().toISOString(),
        lines: [{ orno: 1, odno: 1, pno: 1, count: 1 }],
      },
      ono,
      'payment',
    );
    await eventually(async () => expect((await stored(mno)).totalPay).toBe(56_000));

    // The same envelopes again, as Kafka redelivers them.
    const redeliver = (topic: string, envelope: EventEnvelope<unknown>) =>
      member.transport.publish([{ topic, key: String(ono), value: JSON.stringify(envelope), headers: {} }]);
    await redeliver(OrderCompletedV1.topic, completed);
    await redeliver(PaymentRefundedV2.topic, refunded);
    await handledAll(member, OrderCompletedV1.topic);
    await handledAll(member, PaymentRefundedV2.topic);
    expect((await stored(mno)).totalPay).toBe(56_000);
  });
});
