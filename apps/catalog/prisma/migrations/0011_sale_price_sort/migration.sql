-- Hand-written: the price sorts order by the price a card shows, after the discount, rounded up
-- to 10 won as libs/pricing's discountedPrice does: ceil(price x (100 - sale%) / 1000) x 10, in
-- whole numbers (bigint: a price of up to 100,000,000 won times 100 overflows an integer).
ALTER TABLE "product" ADD COLUMN "p_sale_price" INTEGER NOT NULL
  GENERATED ALWAYS AS (((("p_price"::bigint * (100 - "p_sale_per") + 999) / 1000) * 10)::integer) STORED;

-- The index a page of a price sort walks (see ProductRepository.pageOf); ascending it gives the
-- list's order (price, then newest first) as it is, descending PostgreSQL sorts each price's few
-- products by pno on the way.
CREATE INDEX "product_del_flag_p_sale_price_pno_idx" ON "product"("del_flag", "p_sale_price", "pno" DESC);
