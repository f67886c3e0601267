DROP INDEX "sims_company_state_idx";--> statement-breakpoint
DROP INDEX "sims_company_unnamed_idx";--> statement-breakpoint
CREATE INDEX "sims_company_state_idx" ON "sims" USING btree ("company_id","is_blocked","profile","block_type","id");--> statement-breakpoint
CREATE INDEX "sims_company_unnamed_idx" ON "sims" USING btree ("company_id","is_blocked","profile","block_type","id") WHERE "sims"."name" is null or "sims"."name" = '';--> statement-breakpoint
-- Request caches (apps/server/src/auth/request-caches.ts) hold principals and company trees for a
-- few seconds; these triggers tell every process, on commit, which entries a change makes stale.
CREATE OR REPLACE FUNCTION cabinet_invalidate_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.active IS DISTINCT FROM NEW.active OR OLD.lang IS DISTINCT FROM NEW.lang
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.password_hash IS DISTINCT FROM NEW.password_hash THEN
    PERFORM pg_notify('cabinet_invalidate', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_invalidate_companies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('cabinet_invalidate', 'tree');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
     OR OLD.agent_company_id IS DISTINCT FROM NEW.agent_company_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at THEN
    PERFORM pg_notify('cabinet_invalidate', 'tree');
  END IF;
  IF TG_OP = 'DELETE' OR OLD.blocked IS DISTINCT FROM NEW.blocked
     OR OLD.registration_complete IS DISTINCT FROM NEW.registration_complete OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at THEN
    PERFORM pg_notify('cabinet_invalidate', 'c:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_invalidate_refresh_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.used_at IS DISTINCT FROM NEW.used_at
     OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.family_id IS DISTINCT FROM NEW.family_id THEN
    PERFORM pg_notify('cabinet_invalidate', 's:' || OLD.family_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_invalidate_api_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
     OR OLD.created_by IS DISTINCT FROM NEW.created_by OR OLD.company_id IS DISTINCT FROM NEW.company_id THEN
    PERFORM pg_notify('cabinet_invalidate', 't:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_invalidate_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cabinet_invalidate', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_invalidate AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION cabinet_invalidate_users();
--> statement-breakpoint
CREATE TRIGGER companies_invalidate AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION cabinet_invalidate_companies();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_invalidate AFTER UPDATE OR DELETE ON refresh_tokens FOR EACH ROW EXECUTE FUNCTION cabinet_invalidate_refresh_tokens();
--> statement-breakpoint
CREATE TRIGGER api_tokens_invalidate AFTER UPDATE OR DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION cabinet_invalidate_api_tokens();
--> statement-breakpoint
CREATE TRIGGER users_invalidate_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION cabinet_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER companies_invalidate_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION cabinet_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_invalidate_truncate AFTER TRUNCATE ON refresh_tokens FOR EACH STATEMENT EXECUTE FUNCTION cabinet_invalidate_all();
--> statement-breakpoint
CREATE TRIGGER api_tokens_invalidate_truncate AFTER TRUNCATE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION cabinet_invalidate_all();
