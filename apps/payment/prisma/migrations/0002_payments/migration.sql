-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('RECORDED', 'VERIFIED', 'NOT_PAID', 'FOREIGN', 'REJECTED', 'CANCELLED');

-- CreateTable
CREATE TABLE "payment" (
    "pmno" SERIAL NOT NULL,
    "ono" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "imp_uid" TEXT NOT NULL,
    "merchant_uid" TEXT NOT NULL,
    "claimed_amount" INTEGER,
    "amount" INTEGER,
    "pm_method" TEXT NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'RECORDED',
    "fail_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),

    CONSTRAINT "payment_pkey" PRIMARY KEY ("pmno")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_imp_uid_key" ON "payment"("imp_uid");

-- CreateIndex
CREATE INDEX "payment_ono_idx" ON "payment"("ono");


-- One verified payment per order: a second payment verifying for a paid order is rejected and given back.
CREATE UNIQUE INDEX "payment_one_verified_per_order" ON "payment"("ono") WHERE "status" = 'VERIFIED';
