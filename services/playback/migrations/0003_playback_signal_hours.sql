CREATE TABLE "playback_signal_hours" (
	"store_id" uuid NOT NULL,
	"hq_id" uuid NOT NULL,
	"hour_start" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "playback_signal_hours_store_id_hour_start_pk" PRIMARY KEY("store_id","hour_start")
);
--> statement-breakpoint
CREATE INDEX "playback_signal_hours_hour_idx" ON "playback_signal_hours" USING btree ("hour_start");--> statement-breakpoint
CREATE INDEX "playback_signal_hours_hq_idx" ON "playback_signal_hours" USING btree ("hq_id","hour_start");