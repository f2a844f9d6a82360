-- CreateEnum
CREATE TYPE "Role" AS ENUM ('MEMBER', 'SELLER', 'ADMIN');

-- CreateEnum
CREATE TYPE "Grade" AS ENUM ('USER', 'SILVER', 'GOLD', 'PLATINUM');

-- CreateTable
CREATE TABLE "member" (
    "mno" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "m_name" TEXT NOT NULL,
    "m_nickname" TEXT NOT NULL,
    "m_pho_num" TEXT NOT NULL,
    "def_addr" TEXT NOT NULL,
    "is_man" BOOLEAN NOT NULL,
    "ad_agree" BOOLEAN NOT NULL DEFAULT false,
    "info_agree" BOOLEAN NOT NULL,
    "total_pay" INTEGER NOT NULL DEFAULT 0,
    "grade" "Grade" NOT NULL DEFAULT 'USER',
    "birth" DATE,
    "form_sns" BOOLEAN NOT NULL DEFAULT false,
    "is_ban" BOOLEAN NOT NULL DEFAULT false,
    "role" "Role" NOT NULL DEFAULT 'MEMBER',
    "business_name" TEXT,
    "joined_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_pkey" PRIMARY KEY ("mno")
);

-- CreateIndex
CREATE UNIQUE INDEX "member_email_key" ON "member"("email");

-- CreateIndex
CREATE INDEX "member_role_idx" ON "member"("role");

