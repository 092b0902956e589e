CREATE TABLE "gone_stores" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"hq_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"gone_at" timestamp (3) with time zone NOT NULL
);
