-- CreateTable
CREATE TABLE "wish" (
    "wno" SERIAL NOT NULL,
    "mno" INTEGER NOT NULL,
    "pno" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wish_pkey" PRIMARY KEY ("wno")
);

-- CreateIndex
CREATE INDEX "wish_mno_wno_idx" ON "wish"("mno", "wno" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "wish_mno_pno_key" ON "wish"("mno", "pno");

-- AddForeignKey
ALTER TABLE "wish" ADD CONSTRAINT "wish_pno_fkey" FOREIGN KEY ("pno") REFERENCES "product"("pno") ON DELETE RESTRICT ON UPDATE CASCADE;

