-- CreateTable
CREATE TABLE "rejected_refund" (
    "rfno" INTEGER NOT NULL,
    "ono" INTEGER NOT NULL,

    CONSTRAINT "rejected_refund_pkey" PRIMARY KEY ("rfno")
);

