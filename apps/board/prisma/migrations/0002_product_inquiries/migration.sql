-- CreateTable
CREATE TABLE "product_inquiry" (
    "qno" SERIAL NOT NULL,
    "pno" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "m_nick_name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "secret" BOOLEAN NOT NULL DEFAULT false,
    "reg_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_inquiry_pkey" PRIMARY KEY ("qno")
);

-- CreateTable
CREATE TABLE "inquiry_reply" (
    "qrno" SERIAL NOT NULL,
    "qno" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "reg_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inquiry_reply_pkey" PRIMARY KEY ("qrno")
);

-- CreateIndex
CREATE INDEX "product_inquiry_pno_qno_idx" ON "product_inquiry"("pno", "qno" DESC);

-- CreateIndex
CREATE INDEX "product_inquiry_mno_idx" ON "product_inquiry"("mno");

-- CreateIndex
CREATE UNIQUE INDEX "inquiry_reply_qno_key" ON "inquiry_reply"("qno");

-- AddForeignKey
ALTER TABLE "inquiry_reply" ADD CONSTRAINT "inquiry_reply_qno_fkey" FOREIGN KEY ("qno") REFERENCES "product_inquiry"("qno") ON DELETE RESTRICT ON UPDATE CASCADE;

