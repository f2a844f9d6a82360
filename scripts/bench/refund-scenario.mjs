// The refund part of `npm run bench:checkout`: checkout-bench.mjs runs it once the checkouts settled,
// handing it its tools (the BFF client, the databases, the faults). Shoppers ask for refunds of a
// share of their complete orders through the BFF; the sellers owning the lines approve their parts
// at once (an admin approves some refunds whole), some approvals sent twice at the same moment.
// Refunds come in batches, each followed by one fault in turn: the refund and payment processes
// killed right after the approvals (between approval and the gateway's cancellation), the order
// process killed right after the requests (refund.requested not consumed yet, the approvals and
// cancellations going on without it), or the broker restarted. Once settled, each approved refund
// must have been cancelled at the sandbox gateway exactly once per seller's part, for that part's
// amount, the parts summing to the order's total; be COMPLETED with its date; its order REFUND_COMPLETE.
// The report also times each part's hops (from the services' outbox, inbox and cancellation rows), so
// the hop that held the slowest refunds is named.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const REASON = '받은 상품이 설명과 달라 환불을 요청합니다.';
const ALREADY_REQUESTED = '이미 환불을 요청한 주문입니다.';
const ADMIN = { email: 'admin@dealmarket.kr', password: 'admin1234!' };
const DEMO_SELLER = { email: 'seller@dealmarket.kr', password: 'seller1234!' };
/** A copy of the demo seller's account, so with the same password. */
const SECOND_SELLER = { email: 'bench-seller@dealmarket.kr', password: DEMO_SELLER.password };

/** After each batch, in turn: the fault, and whether it hits right after the requests or the approvals. */
const REFUND_FAULTS = [
  { kind: 'refund+payment', after: 'approvals' },
  { kind: 'order', after: 'requests' },
  { kind: 'kafka', after: 'approvals' },
];
/**
 * Refunds asked and approved one at a time before the batches, each until COMPLETED: the latency of
 * a refund with nothing queued before it (the batches measure it with a burst queued).
 */
const ONE_AT_A_TIME = 5;
/** How long one of them may take before it counts as a driver error. */
const ALONE_TIMEOUT_MS = 30_000;
/** One refund in ADMIN_EVERY is approved whole by the admin; one in TWICE_EVERY gets each approval twice. */
const ADMIN_EVERY = 10;
const TWICE_EVERY = 5;

/** A part's way from approval to its refund's completion, hop by hop: [name, from, to] of partHops()' times. */
const HOPS = [
  ['approval → refund.approved published (refund relay)', 'approved', 'approvalOut'],
  ['→ payment took it (payment consumer)', 'approvalOut', 'queued'],
  ['→ given back at the gateway (payment canceller)', 'queued', 'givenBack'],
  ['→ payment.refunded published (payment relay)', 'givenBack', 'refundedOut'],
  ['→ refund took it (refund consumer)', 'refundedOut', 'recorded'],
];

/**
 * Before the services start: a second seller (the demo seller's account copied under another
 * e-mail) and every product given to one of the two by its number's parity, so that an order of
 * several lines often holds both sellers' lines.
 */
export async function secondSellerAndSplitProducts({ sql, dbUrl, DB }) {
  const members = dbUrl(DB.member);
  const [demo] = await sql(members, 'SELECT mno FROM member WHERE email = $1', [DEMO_SELLER.email]);
  const [second] = await sql(
    members,
    `INSERT INTO member (email, password_hash, m_name, m_nickname, m_pho_num, def_addr, is_man, info_agree, role, business_name)
     SELECT $1, password_hash, '이판매', '벤치상회', m_pho_num, def_addr, is_man, info_agree, role, '벤치상회'
     FROM member WHERE mno = $2 RETURNING mno`,
    [SECOND_SELLER.email, demo.mno],
  );
  const catalog = dbUrl(DB.catalog);
  await sql(catalog, 'UPDATE product SET seller_id = CASE WHEN pno % 2 = 0 THEN $1::int ELSE $2::int END', [
    demo.mno,
    second.mno,
  ]);
  await sql(
    catalog,
    'UPDATE product_option o SET seller_id = p.seller_id FROM product p WHERE p.pno = o.pno',
  );
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachConcurrently(items, limit, task) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `list` cut into `count` batches of (nearly) the same size. */
const batchesOf = (list, count) => {
  const size = Math.ceil(list.length / count);
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  );
};

const sum = (numbers) => numbers.reduce((total, n) => total + n, 0);

export class RefundScenario {
  /**
   * `tools`: { api, HttpError, signIn, shopperPassword, sql, count, dbUrl, DB, say, sleep, inject,
   * faultName, percentile, ms, seconds }, as checkout-bench.mjs defines them.
   */
  constructor(tools, { share, batches, concurrency, withFaults = true }) {
    Object.assign(this, { tools, share, batches, concurrency, withFaults });
    /** One per order asked: { ono, mno, total, impUid, sellers, byAdmin, twice, rfno, approvedAt, completedAt }. */
    this.refunds = [];
    this.faults = [];
    this.errors = [];
    this.faulting = Promise.resolve();
  }

  /** Signs everybody in, then each batch: requests, approvals, a fault after one or the other. */
  async run(completeCheckouts, shoppers) {
    const { say, seconds } = this.tools;
    await this.signIn(shoppers);
    await this.choose(completeCheckouts);
    say(
      `refunds: ${this.refunds.length} of ${completeCheckouts.length} complete orders, in ${this.batches} batches, ` +
        `${this.refunds.filter((r) => r.sellers.length > 1).length} of them two-seller orders`,
    );
    this.watching = this.watchCompletions();
    // At most a quarter of them, so that the batches (and their faults) still have refunds to hit.
    const alone = this.refunds.slice(0, Math.min(ONE_AT_A_TIME, Math.floor(this.refunds.length / 4)));
    for (const refund of alone) await this.alone(refund);
    const start = performance.now();
    for (const [i, batch] of batchesOf(this.refunds.slice(alone.length), this.batches).entries()) {
      const fault = this.withFaults ? REFUND_FAULTS[i % REFUND_FAULTS.length] : { after: 'none' };
      await this.requestAll(batch);
      if (fault.after === 'requests') this.fault(fault.kind, i + 1, fault.after);
      await this.approveAll(batch);
      if (fault.after === 'approvals') this.fault(fault.kind, i + 1, fault.after);
    }
    await this.faulting;
    this.driveMs = performance.now() - start;
    say(`all refunds requested and approved in ${seconds(this.driveMs)}`);
  }

  /** Asks for and approves one refund by itself, then waits until the watcher sees it COMPLETED. */
  async alone(refund) {
    const { sleep } = this.tools;
    refund.alone = true;
    await this.requestAll([refund]);
    await this.approveAll([refund]);
    if (!refund.approvedAt) return;
    const deadline = performance.now() + ALONE_TIMEOUT_MS;
    while (!refund.completedAt) {
      if (performance.now() > deadline) {
        this.errors.push({ ono: refund.ono, error: 'not COMPLETED within 30 s' });
        return;
      }
      await sleep(10);
    }
  }

  /** The shoppers again (their tokens may be old), both sellers and the admin. */
  async signIn(shoppers) {
    const { signIn, shopperPassword } = this.tools;
    this.shoppers = new Map();
    for (const shopper of shoppers)
      this.shoppers.set(shopper.mno, await signIn(shopper.email, shopperPassword));
    this.admin = await signIn(ADMIN.email, ADMIN.password);
    this.sellers = new Map();
    for (const { email, password } of [DEMO_SELLER, SECOND_SELLER]) {
      const seller = await signIn(email, password);
      this.sellers.set(seller.mno, seller);
    }
  }

  /** A random share of the complete orders, each with the sellers owning its lines. */
  async choose(completeCheckouts) {
    const { sql, dbUrl, DB } = this.tools;
    const sellerOf = new Map(
      (await sql(dbUrl(DB.catalog), 'SELECT odno, seller_id FROM product_option')).map((o) => [
        o.odno,
        o.seller_id,
      ]),
    );
    const shuffled = [...completeCheckouts].sort(() => Math.random() - 0.5);
    this.refunds = shuffled.slice(0, Math.round(this.share * shuffled.length)).map((checkout, i) => ({
      ono: checkout.ono,
      mno: checkout.mno,
      total: checkout.total,
      impUid: checkout.impUid,
      sellers: [...new Set(checkout.lines.map((line) => sellerOf.get(line.odno)))],
      byAdmin: i % ADMIN_EVERY === 0,
      twice: i % TWICE_EVERY === 1,
    }));
  }

  /**
   * Notes when each approved refund is first seen COMPLETED, looking every 10 ms (through one
   * connection, and only for those approved and not seen yet), until stopWatching().
   */
  async watchCompletions() {
    const { dbUrl, DB, sleep } = this.tools;
    const client = new pg.Client({ connectionString: dbUrl(DB.refund) });
    await client.connect();
    try {
      while (!this.stopped) {
        const waiting = this.refunds.filter((r) => r.approvedAt && !r.completedAt);
        if (waiting.length) {
          const { rows } = await client.query(
            `SELECT rfno FROM refund WHERE status = 'COMPLETED' AND rfno = ANY($1::int[])`,
            [waiting.map((r) => r.rfno)],
          );
          const seenAt = performance.now();
          const completed = new Set(rows.map((row) => row.rfno));
          for (const refund of waiting) if (completed.has(refund.rfno)) refund.completedAt = seenAt;
        }
        await sleep(10);
      }
    } finally {
      await client.end();
    }
  }

  async stopWatching() {
    this.stopped = true;
    await this.watching;
  }

  /** Runs `step` over a batch, a failure noted as a driver error of that refund. */
  async each(batch, what, step) {
    await eachConcurrently(batch, this.concurrency, async (refund) => {
      try {
        await step.call(this, refund);
      } catch (error) {
        this.errors.push({ ono: refund.ono, error: error.message });
        this.tools.say(`driver error (${what} of order ${refund.ono}): ${error.message}`);
      }
    });
  }

  requestAll(batch) {
    return this.each(batch, 'refund request', this.request);
  }

  approveAll(batch) {
    return this.each(
      batch.filter((refund) => refund.rfno),
      'approval',
      this.approve,
    );
  }

  /** The shopper asks, as the refund modal does (the gateway ids in the body are not read). */
  async request(refund) {
    const { api, HttpError } = this.tools;
    const shopper = this.shoppers.get(refund.mno);
    try {
      const answer = await api('POST', `/api/orders/${refund.ono}/refund`, {
        token: shopper.token,
        json: { rf_reason: REASON, imp_uid: refund.impUid, merchant_uid: `mkt_${refund.ono}` },
      });
      refund.rfno = answer.rfno;
    } catch (error) {
      // A retry of a request saved before its answer was lost (the refund process killed): the history has it.
      if (!(error instanceof HttpError && error.body.includes(ALREADY_REQUESTED))) throw error;
      const history = await api('GET', '/api/refunds?size=50', { token: shopper.token });
      refund.rfno = history.content.find((item) => item.orderId === refund.ono)?.refundId;
      if (!refund.rfno)
        throw new Error(`order ${refund.ono}: refused as requested already, but not in the history`);
    }
  }

  /** Every seller of the order approves its part at the same moment (the admin, the whole refund). */
  async approve(refund) {
    const deciders = refund.byAdmin ? [this.admin] : refund.sellers.map((mno) => this.sellers.get(mno));
    const calls = deciders.flatMap((decider) => (refund.twice ? [decider, decider] : [decider]));
    await Promise.all(
      calls.map((decider) =>
        this.tools.api('POST', `/api/refunds/${refund.rfno}/approve`, { token: decider.token }),
      ),
    );
    refund.approvedAt = performance.now();
  }

  /** Queues a fault after the ones before it (one at a time); run() waits for the last. */
  fault(kind, batch, after) {
    const { inject, say } = this.tools;
    this.faulting = this.faulting.then(async () => {
      const start = performance.now();
      const line = await inject(kind);
      this.faults.push({ batch, kind, after, ms: performance.now() - start });
      say(`refund fault after batch ${batch}'s ${after}: ${line}`);
    });
  }

  /** What refunds leave to do, for the bench's settle(): every count must come to 0. */
  work() {
    const { count, dbUrl, DB } = this.tools;
    return {
      refundsOpen: () =>
        count(
          dbUrl(DB.refund),
          `SELECT count(*)::int AS n FROM refund WHERE status IN ('PENDING', 'APPROVED')`,
        ),
      cancellationsToDo: () =>
        count(dbUrl(DB.payment), 'SELECT count(*)::int AS n FROM refund_cancellation WHERE NOT done'),
      ordersRefundPending: () =>
        count(dbUrl(DB.order), `SELECT count(*)::int AS n FROM orders WHERE status = 'REFUND_PENDING'`),
    };
  }

  /** The orders whose refund was approved: they count as if never ordered. */
  approvedOnos() {
    return new Set(this.refunds.filter((r) => r.approvedAt).map((r) => r.ono));
  }

  /**
   * Each refund against the refund and order databases and the gateway (`gateway`: imp_uid → the
   * sandbox's payment, with its cancel_history). Answers { tally, found } as the bench's check() does.
   */
  async check(gateway) {
    const { sql, dbUrl, DB } = this.tools;
    const [rows, parts, orders] = await Promise.all([
      sql(dbUrl(DB.refund), 'SELECT rfno, ono, status::text, complete_date FROM refund'),
      sql(dbUrl(DB.refund), 'SELECT rfno, amount, status::text FROM refund_part'),
      sql(dbUrl(DB.order), 'SELECT ono, status::text, o_total_price FROM orders'),
    ]);
    const found = { lost: [], doubled: [] };
    const tally = {};
    const checked = (effect) => ((tally[effect] ??= { checked: 0, lost: 0, doubled: 0 }).checked += 1);
    const note = (effect, kind, detail) => {
      tally[effect][kind] += 1;
      found[kind].push(`${effect}: ${detail}`);
    };
    const refundOf = new Map(rows.map((row) => [row.rfno, row]));
    const orderOf = new Map(orders.map((order) => [order.ono, order]));
    const partsOf = (rfno) => parts.filter((part) => part.rfno === rfno);
    this.cancels = [];

    for (const refund of this.refunds.filter((r) => r.approvedAt)) {
      const row = refundOf.get(refund.rfno);
      const order = orderOf.get(refund.ono);
      checked('refunds');
      if (row?.status !== 'COMPLETED' || !row.complete_date)
        note(
          'refunds',
          'lost',
          `refund ${refund.rfno} is ${row?.status ?? 'missing'}, completed ${row?.complete_date}`,
        );
      checked('refunded orders');
      if (order?.status !== 'REFUND_COMPLETE')
        note('refunded orders', 'lost', `order ${refund.ono} of refund ${refund.rfno} is ${order?.status}`);
      const mine = partsOf(refund.rfno);
      checked('refund parts');
      if (
        mine.some((part) => part.status !== 'REFUNDED') ||
        sum(mine.map((p) => p.amount)) !== order?.o_total_price
      )
        note(
          'refund parts',
          'lost',
          `refund ${refund.rfno}: parts ${JSON.stringify(mine)} for an order of ${order?.o_total_price}`,
        );
      this.checkCancellations(refund, mine, gateway.get(refund.impUid), { checked, note });
    }
    // Nothing refunded that nobody asked for.
    const asked = new Set(this.refunds.map((r) => r.rfno));
    for (const row of rows.filter((r) => !asked.has(r.rfno))) {
      checked('refunds');
      note('refunds', 'doubled', `refund ${row.rfno} of order ${row.ono} was never asked for`);
    }
    const approved = this.approvedOnos();
    for (const order of orders.filter((o) => o.status.startsWith('REFUND') && !approved.has(o.ono))) {
      checked('refunded orders');
      note('refunded orders', 'doubled', `order ${order.ono} is ${order.status} without an approved refund`);
    }
    this.completed = rows.filter((row) => row.status === 'COMPLETED').length;
    this.overtaken = await this.overtakenRequests();
    this.hops = await this.partHops();
    return { tally, found };
  }

  /** At the gateway: one cancel per part, each of its part's amount, nothing else on the payment. */
  checkCancellations(refund, parts, payment, { checked, note }) {
    checked('gateway cancellations');
    const history = payment?.cancel_history ?? [];
    const cancels = history.filter((cancel) => cancel.reason === `refund ${refund.rfno}`);
    this.cancels.push(...cancels.map((cancel) => ({ ...cancel, partial: cancel.amount < payment.amount })));
    const expected = parts.map((part) => part.amount).sort((a, b) => a - b);
    const got = cancels.map((cancel) => cancel.amount).sort((a, b) => a - b);
    const detail = `refund ${refund.rfno} (order ${refund.ono}, ${refund.total}): parts ${expected.join(' + ')}, cancelled ${got.join(' + ') || 'nothing'}, other cancels ${history.length - cancels.length}`;
    if (got.length > expected.length || sum(got) > refund.total || history.length > cancels.length)
      note('gateway cancellations', 'doubled', detail);
    else if (got.length < expected.length || sum(got) < refund.total || payment?.status !== 'cancelled')
      note('gateway cancellations', 'lost', detail);
    else if (got.join() !== expected.join())
      note('gateway cancellations', 'doubled', `wrong amounts: ${detail}`);
  }

  /**
   * How many orders took in payment.refunded before refund.requested: they come on different
   * topics, so after a stall of the order service either may come first. From the order's inbox
   * (when each was processed) and the producers' outboxes (which order each event is about).
   */
  async overtakenRequests() {
    const { sql, dbUrl, DB } = this.tools;
    const [requested, refunded, inbox] = await Promise.all([
      sql(
        dbUrl(DB.refund),
        `SELECT event_id::text, message_key FROM outbox_event WHERE topic = 'refund.requested'`,
      ),
      sql(
        dbUrl(DB.payment),
        `SELECT event_id::text, message_key FROM outbox_event WHERE topic = 'payment.refunded'`,
      ),
      sql(
        dbUrl(DB.order),
        `SELECT event_id::text, processed_at FROM inbox_event
         WHERE handler IN ('order.refund-requested', 'order.payment-refunded')`,
      ),
    ]);
    const processedAt = new Map(inbox.map((row) => [row.event_id, row.processed_at]));
    const requestSeen = new Map(
      requested.map((event) => [event.message_key, processedAt.get(event.event_id)]),
    );
    return refunded.filter((event) => processedAt.get(event.event_id) < requestSeen.get(event.message_key))
      .length;
  }

  /**
   * When each part of an approved refund passed each point of HOPS, in ms since the epoch, by
   * `rfno/sellerId`: its refund.approved row written (with the approval) and published, payment's
   * inbox row for it (the cancellation queued), the cancellation done, its payment.refunded row
   * published, refund's inbox row for that. Inbox rows carry their transaction's start.
   */
  async partHops() {
    const { sql, dbUrl, DB } = this.tools;
    const outboxRows = (service, eventType) =>
      sql(
        dbUrl(DB[service]),
        `SELECT event_id::text, envelope::json->'payload' AS payload, created_at, published_at
         FROM outbox_event WHERE event_type = $1`,
        [eventType],
      );
    const inboxRows = (service, handler) =>
      sql(dbUrl(DB[service]), 'SELECT event_id::text, processed_at FROM inbox_event WHERE handler = $1', [
        handler,
      ]);
    const [approvals, refunded, paymentInbox, refundInbox, cancellations] = await Promise.all([
      outboxRows('refund', 'refund.approved'),
      outboxRows('payment', 'payment.refunded'),
      inboxRows('payment', 'payment.queue-refund-cancellation'),
      inboxRows('refund', 'refund.part-refunded'),
      sql(dbUrl(DB.payment), 'SELECT rfno, seller_id, done_at FROM refund_cancellation'),
    ]);
    const time = (date) => (date ? new Date(date).getTime() : NaN);
    const processed = new Map(
      [...paymentInbox, ...refundInbox].map((row) => [row.event_id, time(row.processed_at)]),
    );
    const givenBack = new Map(cancellations.map((c) => [`${c.rfno}/${c.seller_id}`, time(c.done_at)]));
    const refundedOf = new Map(refunded.map((e) => [`${e.payload.rfno}/${e.payload.sellerId}`, e]));
    const hops = new Map();
    for (const approval of approvals) {
      const part = `${approval.payload.rfno}/${approval.payload.part.sellerId}`;
      const refundedEvent = refundedOf.get(part);
      hops.set(part, {
        rfno: approval.payload.rfno,
        approved: time(approval.created_at),
        approvalOut: time(approval.published_at),
        queued: processed.get(approval.event_id),
        givenBack: givenBack.get(part),
        refundedOut: time(refundedEvent?.published_at),
        recorded: processed.get(refundedEvent?.event_id),
      });
    }
    return [...hops.values()];
  }

  /**
   * Each hop's p50 / p99 / max over the parts of the refunds approved in batches, and for the
   * slowest of those refunds (their slowest part) the hop that held it longest.
   */
  reportHops() {
    const { percentile, ms } = this.tools;
    const inBatches = new Set(this.refunds.filter((r) => r.approvedAt && !r.alone).map((r) => r.rfno));
    const parts = this.hops.filter((part) => inBatches.has(part.rfno));
    // A consumer may start on an event before its relay has marked it published: that hop took 0.
    const took = (part, [, from, to]) => Math.max(0, part[to] - part[from]);
    const table = {};
    for (const hop of HOPS) {
      const times = parts.map((part) => took(part, hop)).filter((t) => !Number.isNaN(t));
      table[hop[0]] =
        `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${times.length ? ms(Math.max(...times)) : '-'}`;
    }
    console.log('each refund part, hop by hop (from the services’ rows):');
    console.table(table);
    const slowestPart = new Map();
    for (const part of parts) {
      const total = part.recorded - part.approved;
      if (!(slowestPart.get(part.rfno)?.total >= total)) slowestPart.set(part.rfno, { ...part, total });
    }
    const slowest = [...slowestPart.values()].sort((a, b) => b.total - a.total).slice(0, 5);
    for (const part of slowest) {
      const [name] = HOPS.reduce((worst, hop) => (took(part, hop) > took(part, worst) ? hop : worst));
      console.log(
        `refund ${part.rfno}: ${ms(part.total)} from approval to its last part recorded; ${HOPS.map((hop) => ms(took(part, hop))).join(' + ')}; longest: ${name}`,
      );
    }
  }

  /** The refund table: counts, lost and doubled cancellations (`tally`: check()'s), approval → COMPLETED latency, the faults. */
  report(tally) {
    const { lost, doubled } = tally['gateway cancellations'] ?? { lost: 0, doubled: 0 };
    const { percentile, ms, seconds, faultName } = this.tools;
    const approved = this.refunds.filter((r) => r.approvedAt);
    const latencyOf = (refunds) =>
      refunds.filter((r) => r.completedAt).map((r) => r.completedAt - r.approvedAt);
    const alone = latencyOf(approved.filter((r) => r.alone));
    const latencies = latencyOf(approved.filter((r) => !r.alone));
    console.table({
      'refunds requested': this.refunds.filter((r) => r.rfno).length,
      'approved (every part)': approved.length,
      COMPLETED: this.completed,
      'two-seller refunds': approved.filter((r) => r.sellers.length > 1).length,
      'gateway cancellations': this.cancels.length,
      'of them partial': this.cancels.filter((c) => c.partial).length,
      'approved by the admin': approved.filter((r) => r.byAdmin).length,
      'approvals sent twice': approved.filter((r) => r.twice).length,
      'payment.refunded before refund.requested at order': this.overtaken,
      'LOST cancellations': lost,
      'DOUBLED cancellations': doubled,
      [`approval → COMPLETED, ${alone.length} one at a time, p50`]: ms(percentile(alone, 50)),
      [`approval → COMPLETED, ${alone.length} one at a time, max`]: alone.length
        ? ms(Math.max(...alone))
        : '-',
      'approval → COMPLETED p50': ms(percentile(latencies, 50)),
      'approval → COMPLETED p99': ms(percentile(latencies, 99)),
      'approval → COMPLETED max': latencies.length ? ms(Math.max(...latencies)) : '-',
    });
    for (const fault of this.faults)
      console.log(
        `refund fault after batch ${fault.batch}'s ${fault.after}: ${faultName(fault.kind)}, ${seconds(fault.ms)} until back`,
      );
    console.log(
      `refund driver errors: ${this.errors.length}; requests and approvals took ${seconds(this.driveMs)}`,
    );
    this.reportHops();
  }
}
