CREATE TABLE "media_file" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_thumbnail" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_thumbnail_hash_width_height_format_pk" PRIMARY KEY("hash","width","height","format")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "media_thumbnail" ADD CONSTRAINT "media_thumbnail_hash_media_file_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."media_file"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_file_hash_media_file_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."media_file"("hash") ON DELETE set null ON UPDATE no action;