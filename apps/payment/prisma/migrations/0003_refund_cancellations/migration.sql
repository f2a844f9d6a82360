-- CreateTable
CREATE TABLE "refund_cancellation" (
    "rfno" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "ono" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "pmno" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "lines" JSONB NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "done_at" TIMESTAMP(3),

    CONSTRAINT "refund_cancellation_pkey" PRIMARY KEY ("rfno","seller_id")
);

-- CreateIndex
CREATE INDEX "refund_cancellation_done_next_attempt_at_idx" ON "refund_cancellation"("done", "next_attempt_at");

