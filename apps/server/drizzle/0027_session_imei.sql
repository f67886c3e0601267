ALTER TABLE "usage_sessions" ADD COLUMN "imei" text;--> statement-breakpoint
ALTER TABLE "radius_sessions" ADD COLUMN "imei" text;