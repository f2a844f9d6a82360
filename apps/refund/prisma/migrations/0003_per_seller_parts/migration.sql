-- AlterEnum
ALTER TYPE "PartStatus" ADD VALUE 'REFUNDED';

-- An order may have a second refund: one asking again for the parts sellers rejected.
DROP INDEX "refund_ono_key";
CREATE INDEX "refund_ono_idx" ON "refund"("ono");
ALTER TABLE "refund" ADD COLUMN "retry_of_rfno" INTEGER;
CREATE UNIQUE INDEX "refund_retry_of_rfno_key" ON "refund"("retry_of_rfno");

-- Each part keeps its products' names, its own rejection reason and when it was given back.
ALTER TABLE "refund_part" ADD COLUMN "product_name" TEXT,
ADD COLUMN "refunded_at" TIMESTAMP(3),
ADD COLUMN "reject_reason" TEXT;
UPDATE "refund_part" p SET "product_name" = r."product_name" FROM "refund" r WHERE r."rfno" = p."rfno";
ALTER TABLE "refund_part" ALTER COLUMN "product_name" SET NOT NULL;
UPDATE "refund_part" p SET "reject_reason" = r."reject_reason"
  FROM "refund" r WHERE r."rfno" = p."rfno" AND p."status" = 'REJECTED';
ALTER TABLE "refund" DROP COLUMN "reject_reason";
