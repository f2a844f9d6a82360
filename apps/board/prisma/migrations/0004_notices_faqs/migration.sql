-- CreateTable
CREATE TABLE "notice" (
    "nno" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "is_private" BOOLEAN NOT NULL DEFAULT false,
    "adno" INTEGER NOT NULL,
    "reg_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mod_date" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notice_pkey" PRIMARY KEY ("nno")
);

-- CreateTable
CREATE TABLE "faq" (
    "fno" SERIAL NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "is_private" BOOLEAN NOT NULL DEFAULT false,
    "adno" INTEGER NOT NULL,
    "reg_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mod_date" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "faq_pkey" PRIMARY KEY ("fno")
);

-- CreateIndex
CREATE INDEX "notice_is_private_nno_idx" ON "notice"("is_private", "nno" DESC);

-- CreateIndex
CREATE INDEX "faq_is_private_fno_idx" ON "faq"("is_private", "fno" DESC);

