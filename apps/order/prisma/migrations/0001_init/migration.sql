-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('ORDER_COMPLETE', 'REFUND_PENDING', 'REFUND_COMPLETE', 'CANCEL');

-- CreateTable
CREATE TABLE "orders" (
    "ono" SERIAL NOT NULL,
    "mno" INTEGER NOT NULL,
    "order_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "o_total_price" INTEGER NOT NULL,
    "status" "OrderStatus" NOT NULL DEFAULT 'ORDER_COMPLETE',
    "o_address" TEXT NOT NULL,
    "o_receiver" TEXT NOT NULL,
    "o_receiver_pho_num" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("ono")
);

-- CreateTable
CREATE TABLE "order_detail" (
    "orno" SERIAL NOT NULL,
    "ono" INTEGER NOT NULL,
    "odno" INTEGER NOT NULL,
    "pno" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,
    "p_name" TEXT NOT NULL,
    "od_name" TEXT NOT NULL,
    "or_count" INTEGER NOT NULL,
    "or_price" INTEGER NOT NULL,
    "rno" INTEGER,
    "review_flag" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "order_detail_pkey" PRIMARY KEY ("orno")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_idempotency_key_key" ON "orders"("idempotency_key");

-- CreateIndex
CREATE INDEX "orders_mno_order_date_idx" ON "orders"("mno", "order_date");

-- CreateIndex
CREATE INDEX "order_detail_ono_idx" ON "order_detail"("ono");

-- CreateIndex
CREATE INDEX "order_detail_seller_id_idx" ON "order_detail"("seller_id");

-- AddForeignKey
ALTER TABLE "order_detail" ADD CONSTRAINT "order_detail_ono_fkey" FOREIGN KEY ("ono") REFERENCES "orders"("ono") ON DELETE RESTRICT ON UPDATE CASCADE;

