DROP INDEX "dialog_messages_session";--> statement-breakpoint
DROP INDEX "dialog_sessions_user_updated";--> statement-breakpoint
CREATE INDEX "dialog_messages_session_created_id" ON "dialog_messages" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dialog_sessions_user_updated_id" ON "dialog_sessions" USING btree ("user_id","updated_at","id");