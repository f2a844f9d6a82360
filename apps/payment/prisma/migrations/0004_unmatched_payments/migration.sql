-- CreateTable
CREATE TABLE "unmatched_payment" (
    "imp_uid" TEXT NOT NULL,
    "merchant_uid" TEXT NOT NULL,
    "seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMP(3),
    "outcome" TEXT,

    CONSTRAINT "unmatched_payment_pkey" PRIMARY KEY ("imp_uid")
);

-- CreateIndex
CREATE INDEX "unmatched_payment_settled_at_seen_at_idx" ON "unmatched_payment"("settled_at", "seen_at");

