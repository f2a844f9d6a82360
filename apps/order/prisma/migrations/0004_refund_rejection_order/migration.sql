-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "rejected_rfno" INTEGER;

