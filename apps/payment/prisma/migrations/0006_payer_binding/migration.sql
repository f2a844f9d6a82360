-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'NOT_PAYER';

-- AlterTable
ALTER TABLE "payment" ADD COLUMN     "pg_provider" TEXT;

-- CreateTable
CREATE TABLE "merchant_uid_binding" (
    "merchant_uid" TEXT NOT NULL,
    "mno" INTEGER NOT NULL,
    "ono" INTEGER NOT NULL,
    "bound_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_uid_binding_pkey" PRIMARY KEY ("merchant_uid")
);

