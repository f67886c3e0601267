CREATE TABLE "banner_dismissals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"banner_id" bigint NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"text_ru" text NOT NULL,
	"text_en" text NOT NULL,
	"link" text,
	"target" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"audience" text NOT NULL,
	"company_ids" bigint[] DEFAULT '{}' NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question_ru" text NOT NULL,
	"question_en" text NOT NULL,
	"answer_ru" text NOT NULL,
	"answer_en" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "image_file" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "banners_current_idx" ON "banners" USING btree ("id") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE INDEX "faq_entries_order_idx" ON "faq_entries" USING btree ("group_key","position");--> statement-breakpoint
UPDATE "news" SET "published_at" = "created_at" WHERE "published_at" IS NULL;
