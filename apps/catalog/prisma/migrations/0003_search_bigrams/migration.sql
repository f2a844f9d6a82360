-- Hand-written: two-character keywords cannot use the trigram indexes, so each product keeps its
-- two-character pieces (of the lower-cased name and business name, and of the name's initial
-- consonants) in a GIN-indexed array; `search_bigrams @> ARRAY['김치']` is an index lookup.
CREATE FUNCTION bigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
$$;

ALTER TABLE "product" ADD COLUMN "search_bigrams" TEXT[] NOT NULL
  GENERATED ALWAYS AS (bigrams(lower("p_name" || ' ' || "business_name")) || bigrams(chosung("p_name"))) STORED;

CREATE INDEX "product_search_bigrams_idx" ON "product" USING GIN ("search_bigrams");
