-- Hand-written: substring search needs pg_trgm; initial-consonant search a function that maps each
-- Hangul syllable to its initial consonant ("김치" -> "ㄱㅊ") and keeps other characters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION chosung(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(string_agg(
    CASE WHEN ch BETWEEN '가' AND '힣'
      THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(ch) - 44032) / 588 + 1, 1)
      ELSE ch END, '' ORDER BY i), '')
  FROM unnest(string_to_array(name, NULL)) WITH ORDINALITY AS chars(ch, i)
$$;

-- AlterTable
ALTER TABLE "product" ADD COLUMN "p_name_chosung" TEXT NOT NULL GENERATED ALWAYS AS (chosung("p_name")) STORED;

-- CreateTable
CREATE TABLE "review" (
    "rno" SERIAL NOT NULL,
    "pno" INTEGER NOT NULL,
    "mno" INTEGER NOT NULL,
    "orno" INTEGER,
    "m_name" TEXT NOT NULL,
    "rate" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "od_name" TEXT NOT NULL,
    "review_like" INTEGER NOT NULL DEFAULT 0,
    "reg_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_pkey" PRIMARY KEY ("rno")
);

-- CreateIndex
CREATE UNIQUE INDEX "review_orno_key" ON "review"("orno");

-- CreateIndex
CREATE INDEX "review_pno_rno_idx" ON "review"("pno", "rno" DESC);

-- CreateIndex
CREATE INDEX "review_pno_review_like_idx" ON "review"("pno", "review_like" DESC);

-- CreateIndex
CREATE INDEX "review_pno_rate_idx" ON "review"("pno", "rate");

-- CreateIndex
CREATE INDEX "product_p_name_trgm_idx" ON "product" USING GIN ("p_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "product_business_name_trgm_idx" ON "product" USING GIN ("business_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "product_p_name_chosung_trgm_idx" ON "product" USING GIN ("p_name_chosung" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "review" ADD CONSTRAINT "review_pno_fkey" FOREIGN KEY ("pno") REFERENCES "product"("pno") ON DELETE RESTRICT ON UPDATE CASCADE;

