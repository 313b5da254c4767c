CREATE TABLE "assistant_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"ai_chat_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_categories_ai_chat_type_unique" UNIQUE("ai_chat_type")
);
--> statement-breakpoint
CREATE TABLE "assistants" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"image_tab" text,
	"system_prompt" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistants_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "bot_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialog_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_text" text,
	"user_file_url" text,
	"ai_text" text,
	"ai_file_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialog_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"model_id" integer NOT NULL,
	"assistant_id" integer,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"assistant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_assistant_id_pk" PRIMARY KEY("user_id","assistant_id")
);
--> statement-breakpoint
CREATE TABLE "model_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"action" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_name" text NOT NULL,
	"display_name" text NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"image" text NOT NULL,
	"gif" text,
	"description" text DEFAULT '' NOT NULL,
	"model_type_description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "models_model_name_unique" UNIQUE("model_name")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"price_kopecks" integer NOT NULL,
	"small_description_language_id" text NOT NULL,
	"description_language_id" text NOT NULL,
	"description_models_id" text NOT NULL,
	"package_purpose" text NOT NULL,
	"quota_amount" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "packages_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tariff_id" integer,
	"package_id" integer,
	"months" integer DEFAULT 1 NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"ref_amount_kopecks" integer DEFAULT 0 NOT NULL,
	"email" text,
	"recurrent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"payment_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"details" jsonb,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotas" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"text_tokens" integer DEFAULT 0 NOT NULL,
	"image_tokens" integer DEFAULT 0 NOT NULL,
	"audio_tokens" integer DEFAULT 0 NOT NULL,
	"file_tokens" integer DEFAULT 0 NOT NULL,
	"video_tokens" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotas_non_negative" CHECK ("quotas"."text_tokens" >= 0 and "quotas"."image_tokens" >= 0 and "quotas"."audio_tokens" >= 0 and "quotas"."file_tokens" >= 0 and "quotas"."video_tokens" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"payment_id" uuid,
	"source_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tariff_id" integer NOT NULL,
	"price_kopecks" integer NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"recurrent" boolean DEFAULT false NOT NULL,
	"payment_method_id" text,
	"text_limit" integer NOT NULL,
	"image_limit" integer NOT NULL,
	"audio_limit" integer NOT NULL,
	"file_limit" integer NOT NULL,
	"video_limit" integer NOT NULL,
	"custom_model_ids" jsonb,
	"last_renewal_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tariff_models" (
	"tariff_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "tariff_models_tariff_id_model_id_pk" PRIMARY KEY("tariff_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_rates" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_to_usd_rate" double precision NOT NULL,
	"audio_token_to_usd_rate" double precision NOT NULL,
	"image_token_to_usd_rate" double precision NOT NULL,
	"video_token_to_usd_rate" double precision NOT NULL,
	"file_token_to_usd_rate" double precision NOT NULL,
	"usd_rate" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"token_balance" integer NOT NULL,
	"image_balance" integer NOT NULL,
	"minutes_balance" integer NOT NULL,
	"file_balance" integer NOT NULL,
	"video_balance" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tariffs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"telegram_id" bigint NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text,
	"username" text,
	"language_code" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"photo_url" text,
	"allows_write_to_pm" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"first_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_session_id" integer,
	"referral_code" text NOT NULL,
	"referred_by_user_id" integer,
	"referral_applied_at" timestamp with time zone,
	"ref_balance_kopecks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_telegram_id_unique" UNIQUE("telegram_id"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "users_ref_balance_non_negative" CHECK ("users"."ref_balance_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_capabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_name_pattern" text NOT NULL,
	"supports_text_to_video" boolean NOT NULL,
	"supports_image_to_video" boolean NOT NULL,
	"supports_video_to_video" boolean NOT NULL,
	"supported_formats" jsonb NOT NULL,
	"durations" jsonb NOT NULL,
	"cost_per_5s" integer NOT NULL,
	CONSTRAINT "video_capabilities_model_name_pattern_unique" UNIQUE("model_name_pattern")
);
--> statement-breakpoint
CREATE TABLE "video_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"model_name" text NOT NULL,
	"action" text NOT NULL,
	"prompt" text NOT NULL,
	"format_key" text NOT NULL,
	"duration" integer NOT NULL,
	"cost" integer NOT NULL,
	"status" text NOT NULL,
	"provider_task_id" text,
	"input_key" text,
	"video_url" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_category_id_assistant_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."assistant_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD CONSTRAINT "bot_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_messages" ADD CONSTRAINT "dialog_messages_session_id_dialog_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."dialog_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_sessions" ADD CONSTRAINT "dialog_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_sessions" ADD CONSTRAINT "dialog_sessions_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_sessions" ADD CONSTRAINT "dialog_sessions_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_actions" ADD CONSTRAINT "model_actions_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_models" ADD CONSTRAINT "tariff_models_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_models" ADD CONSTRAINT "tariff_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_outbox_due" ON "bot_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "dialog_messages_session" ON "dialog_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "dialog_sessions_user_updated" ON "dialog_sessions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_actions_model_action" ON "model_actions" USING btree ("model_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_user" ON "payments" USING btree ("user_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_created" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_ledger_once" ON "referral_ledger" USING btree ("payment_id","kind","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_jobs_idempotency" ON "video_jobs" USING btree ("user_id","idempotency_key");