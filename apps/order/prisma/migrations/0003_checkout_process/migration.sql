-- CreateEnum
CREATE TYPE "StockState" AS ENUM ('PENDING', 'RESERVED', 'REJECTED');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "cancel_reason" TEXT,
ADD COLUMN     "cart_item_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "paid_pmno" INTEGER,
ADD COLUMN     "stock" "StockState" NOT NULL DEFAULT 'PENDING',
ALTER COLUMN "status" SET DEFAULT 'PAYMENT_PENDING';

-- AlterTable
ALTER TABLE "order_detail" ADD COLUMN     "pi_name" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "orders_status_order_date_idx" ON "orders"("status", "order_date");

