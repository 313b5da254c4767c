CREATE TABLE "bot_turns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chat_id" bigint NOT NULL,
	"session_id" integer NOT NULL,
	"user_text" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stop_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_turns" ADD CONSTRAINT "bot_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD CONSTRAINT "bot_turns_session_id_dialog_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."dialog_sessions"("id") ON DELETE cascade ON UPDATE no action;