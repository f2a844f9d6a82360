-- CreateTable
CREATE TABLE "review_like" (
    "rno" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_like_pkey" PRIMARY KEY ("rno","mno")
);

-- CreateTable
CREATE TABLE "purchased_line" (
    "orno" INTEGER NOT NULL,
    "ono" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "pno" INTEGER NOT NULL,
    "odno" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'COMPLETE',

    CONSTRAINT "purchased_line_pkey" PRIMARY KEY ("orno")
);

-- CreateIndex
CREATE INDEX "review_like_mno_idx" ON "review_like"("mno");

-- CreateIndex
CREATE INDEX "purchased_line_ono_idx" ON "purchased_line"("ono");

-- AddForeignKey
ALTER TABLE "review_like" ADD CONSTRAINT "review_like_rno_fkey" FOREIGN KEY ("rno") REFERENCES "review"("rno") ON DELETE RESTRICT ON UPDATE CASCADE;

