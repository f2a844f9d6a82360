-- CreateTable
CREATE TABLE "order_outcome" (
    "ono" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "cancel_reason" TEXT,
    "decided_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_outcome_pkey" PRIMARY KEY ("ono")
);


-- A verification waiting for its order wakes when the order's outcome is recorded (libs/messaging's
-- notify_listeners, on commit).
CREATE TRIGGER order_outcome_recorded AFTER INSERT ON "order_outcome"
  FOR EACH ROW EXECUTE FUNCTION notify_listeners('payment_order_decided', 'ono');

-- The refund canceller starts on an approved refund's parts as soon as they are queued.
CREATE TRIGGER refund_cancellation_queued AFTER INSERT ON "refund_cancellation"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listeners('payment_refund_queued');
