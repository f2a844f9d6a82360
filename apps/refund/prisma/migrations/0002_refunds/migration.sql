-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('PENDING', 'APPROVED', 'COMPLETED', 'REJECTED');

-- CreateEnum
CREATE TYPE "PartStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateTable
CREATE TABLE "refund" (
    "rfno" SERIAL NOT NULL,
    "ono" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "product_name" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'PENDING',
    "reject_reason" TEXT,
    "request_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "complete_date" TIMESTAMP(3),

    CONSTRAINT "refund_pkey" PRIMARY KEY ("rfno")
);

-- CreateTable
CREATE TABLE "refund_part" (
    "rfno" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "lines" JSONB NOT NULL,
    "status" "PartStatus" NOT NULL DEFAULT 'PENDING',
    "decided_at" TIMESTAMP(3),

    CONSTRAINT "refund_part_pkey" PRIMARY KEY ("rfno","seller_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refund_ono_key" ON "refund"("ono");

-- CreateIndex
CREATE INDEX "refund_mno_request_date_idx" ON "refund"("mno", "request_date");

-- CreateIndex
CREATE INDEX "refund_part_seller_id_status_idx" ON "refund_part"("seller_id", "status");

-- AddForeignKey
ALTER TABLE "refund_part" ADD CONSTRAINT "refund_part_rfno_fkey" FOREIGN KEY ("rfno") REFERENCES "refund"("rfno") ON DELETE RESTRICT ON UPDATE CASCADE;

