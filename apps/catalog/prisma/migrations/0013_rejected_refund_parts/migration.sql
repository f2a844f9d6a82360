-- A rejection is one seller's part now. Rows from before were whole refunds whose requests were
-- seen long since: seller 0 names no seller.
ALTER TABLE "rejected_refund" DROP CONSTRAINT "rejected_refund_pkey",
ADD COLUMN "seller_id" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "rejected_refund_pkey" PRIMARY KEY ("rfno", "seller_id");
ALTER TABLE "rejected_refund" ALTER COLUMN "seller_id" DROP DEFAULT;
