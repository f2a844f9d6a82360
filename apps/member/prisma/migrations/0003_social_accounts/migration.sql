-- CreateEnum
CREATE TYPE "SocialProvider" AS ENUM ('kakao', 'naver', 'google');

-- CreateTable
CREATE TABLE "social_account" (
    "provider" "SocialProvider" NOT NULL,
    "provider_user_id" TEXT NOT NULL,
    "mno" INTEGER NOT NULL,
    "linked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "social_account_pkey" PRIMARY KEY ("provider","provider_user_id")
);

-- CreateIndex
CREATE INDEX "social_account_mno_idx" ON "social_account"("mno");

-- AddForeignKey
ALTER TABLE "social_account" ADD CONSTRAINT "social_account_mno_fkey" FOREIGN KEY ("mno") REFERENCES "member"("mno") ON DELETE CASCADE ON UPDATE CASCADE;

