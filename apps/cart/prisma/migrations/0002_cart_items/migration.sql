-- CreateTable
CREATE TABLE "cart_item" (
    "cino" SERIAL NOT NULL,
    "mno" INTEGER NOT NULL,
    "pno" INTEGER NOT NULL,
    "odno" INTEGER NOT NULL,
    "c_cnt" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_item_pkey" PRIMARY KEY ("cino")
);

-- CreateIndex
CREATE UNIQUE INDEX "cart_item_mno_odno_key" ON "cart_item"("mno", "odno");


-- A line always holds at least one piece (Prisma's schema cannot say so).
ALTER TABLE "cart_item" ADD CONSTRAINT "cart_item_c_cnt_positive" CHECK ("c_cnt" > 0);
