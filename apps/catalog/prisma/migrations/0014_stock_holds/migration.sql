-- CreateTable
CREATE TABLE "stock_hold" (
    "key" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stock_hold_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "stock_hold_status_expires_at_idx" ON "stock_hold"("status", "expires_at");

