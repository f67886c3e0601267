ALTER TABLE "news" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "text_en" text DEFAULT '' NOT NULL;