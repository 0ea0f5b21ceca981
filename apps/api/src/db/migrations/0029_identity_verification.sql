CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_documents_status_known" CHECK ("verification_documents"."status" in ('draft', 'submitted', 'accepted', 'rejected', 'superseded')),
	CONSTRAINT "verification_documents_kind_known" CHECK ("verification_documents"."kind" in ('id-front', 'id-back', 'selfie', 'proof-of-address'))
);
--> statement-breakpoint
CREATE TABLE "verification_requirements" (
	"version" integer PRIMARY KEY NOT NULL,
	"requirements" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "verification_submission_documents" (
	"submission_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "verification_submission_documents_submission_id_document_id_pk" PRIMARY KEY("submission_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "verification_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"requirements_version" integer NOT NULL,
	"country" text NOT NULL,
	"fields_sealed" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"rejection_reason" text,
	"review_note" text,
	"requested_document" text,
	CONSTRAINT "verification_submissions_status_known" CHECK ("verification_submissions"."status" in ('submitted', 'approved', 'rejected', 'resubmission-requested'))
);
--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_file_id_member_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."member_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requirements" ADD CONSTRAINT "verification_requirements_published_by_operators_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submission_documents" ADD CONSTRAINT "verification_submission_documents_submission_id_verification_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."verification_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submission_documents" ADD CONSTRAINT "verification_submission_documents_document_id_verification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."verification_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_member_idx" ON "verification_documents" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "verification_documents_retention_idx" ON "verification_documents" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_file_key" ON "verification_documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_one_draft_key" ON "verification_documents" USING btree ("member_id","kind") WHERE "verification_documents"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "verification_submission_documents_document_idx" ON "verification_submission_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "verification_submissions_queue_idx" ON "verification_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_submissions_member_idx" ON "verification_submissions" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_submissions_one_open_key" ON "verification_submissions" USING btree ("member_id") WHERE "verification_submissions"."status" = 'submitted';