-- CreateTable
CREATE TABLE "image_file" (
    "name" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_file_pkey" PRIMARY KEY ("name")
);

