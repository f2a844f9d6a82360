-- The refund last rejected was the last settled one: it keeps guarding against its late request.
ALTER TABLE "orders" RENAME COLUMN "rejected_rfno" TO "settled_rfno";
ALTER TABLE "orders" ADD COLUMN "refund_rfno" INTEGER;
UPDATE "orders" SET "refund_rfno" = "settled_rfno";

-- Each line's amount as charged: before the line rule, a line cost its rounded unit price times its count.
ALTER TABLE "order_detail" ADD COLUMN "or_amount" INTEGER;
UPDATE "order_detail" SET "or_amount" = "or_price" * "or_count";
ALTER TABLE "order_detail" ALTER COLUMN "or_amount" SET NOT NULL;
