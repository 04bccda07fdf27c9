-- Rows relayed from the control database's audit outbox (branding and other registry writes)
-- carry the outbox row's id: relaying the same row twice adds it once.
ALTER TABLE audit_events ADD COLUMN relay_id BIGINT;
CREATE UNIQUE INDEX audit_events_relay_id ON audit_events (relay_id) WHERE relay_id IS NOT NULL;
