-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "category" (
    "ctno" SERIAL NOT NULL,
    "cate_name" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "super_ctno" INTEGER,

    CONSTRAINT "category_pkey" PRIMARY KEY ("ctno")
);

-- CreateTable
CREATE TABLE "product" (
    "pno" SERIAL NOT NULL,
    "p_name" TEXT NOT NULL,
    "p_content" TEXT NOT NULL,
    "p_price" INTEGER NOT NULL,
    "p_sale_per" INTEGER NOT NULL,
    "p_sales_vol" INTEGER NOT NULL DEFAULT 0,
    "p_stock" INTEGER NOT NULL DEFAULT 0,
    "del_flag" BOOLEAN NOT NULL DEFAULT false,
    "seller_id" INTEGER NOT NULL,
    "business_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_pkey" PRIMARY KEY ("pno")
);

-- CreateTable
CREATE TABLE "product_option" (
    "odno" SERIAL NOT NULL,
    "pno" INTEGER NOT NULL,
    "od_name" TEXT NOT NULL,
    "od_price" INTEGER NOT NULL DEFAULT 0,
    "od_stock" INTEGER NOT NULL,
    "seller_id" INTEGER NOT NULL,

    CONSTRAINT "product_option_pkey" PRIMARY KEY ("odno")
);

-- CreateTable
CREATE TABLE "product_image" (
    "pino" SERIAL NOT NULL,
    "pno" INTEGER NOT NULL,
    "pi_name" TEXT NOT NULL,
    "ord" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "product_image_pkey" PRIMARY KEY ("pino")
);

-- CreateTable
CREATE TABLE "category_product" (
    "ctno" INTEGER NOT NULL,
    "pno" INTEGER NOT NULL,

    CONSTRAINT "category_product_pkey" PRIMARY KEY ("ctno","pno")
);

-- CreateIndex
CREATE INDEX "category_super_ctno_idx" ON "category"("super_ctno");

-- CreateIndex
CREATE INDEX "category_depth_idx" ON "category"("depth");

-- CreateIndex
CREATE INDEX "product_del_flag_p_sales_vol_idx" ON "product"("del_flag", "p_sales_vol" DESC);

-- CreateIndex
CREATE INDEX "product_seller_id_idx" ON "product"("seller_id");

-- CreateIndex
CREATE INDEX "product_option_pno_idx" ON "product_option"("pno");

-- CreateIndex
CREATE INDEX "product_image_pno_idx" ON "product_image"("pno");

-- CreateIndex
CREATE INDEX "category_product_pno_idx" ON "category_product"("pno");

-- AddForeignKey
ALTER TABLE "category" ADD CONSTRAINT "category_super_ctno_fkey" FOREIGN KEY ("super_ctno") REFERENCES "category"("ctno") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_option" ADD CONSTRAINT "product_option_pno_fkey" FOREIGN KEY ("pno") REFERENCES "product"("pno") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_image" ADD CONSTRAINT "product_image_pno_fkey" FOREIGN KEY ("pno") REFERENCES "product"("pno") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category_product" ADD CONSTRAINT "category_product_ctno_fkey" FOREIGN KEY ("ctno") REFERENCES "category"("ctno") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "category_product" ADD CONSTRAINT "category_product_pno_fkey" FOREIGN KEY ("pno") REFERENCES "product"("pno") ON DELETE RESTRICT ON UPDATE CASCADE;

