-- AlterTable
ALTER TABLE "product_option" ADD COLUMN     "retired" BOOLEAN NOT NULL DEFAULT false;

