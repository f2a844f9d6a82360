-- Parts of refunds completed before parts were given back one by one were all given back.
-- (Its own migration: PostgreSQL uses a new enum value only after the transaction that added it.)
UPDATE "refund_part" p SET "refunded_at" = r."complete_date", "status" = 'REFUNDED'
  FROM "refund" r WHERE r."rfno" = p."rfno" AND r."status" = 'COMPLETED' AND p."status" = 'APPROVED';
