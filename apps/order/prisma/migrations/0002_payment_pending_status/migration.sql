-- Its own migration: PostgreSQL cannot use an enum value in the transaction that adds it.
-- AlterEnum
ALTER TYPE "OrderStatus" ADD VALUE 'PAYMENT_PENDING';

