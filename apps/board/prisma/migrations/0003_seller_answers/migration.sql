-- DropForeignKey
ALTER TABLE "inquiry_reply" DROP CONSTRAINT "inquiry_reply_qno_fkey";

-- AlterTable
ALTER TABLE "product_inquiry" ADD COLUMN     "seller_id" INTEGER;

-- CreateIndex
CREATE INDEX "product_inquiry_seller_id_qno_idx" ON "product_inquiry"("seller_id", "qno" DESC);

-- AddForeignKey
ALTER TABLE "inquiry_reply" ADD CONSTRAINT "inquiry_reply_qno_fkey" FOREIGN KEY ("qno") REFERENCES "product_inquiry"("qno") ON DELETE CASCADE ON UPDATE CASCADE;

