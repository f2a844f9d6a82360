-- A committed outbox insert names its rows' ids in its notification (up to 300 of them; more, and the
-- payload is empty): the relay of the process that wrote them publishes them at once, without
-- claiming them first (libs/messaging's OutboxRelay).
CREATE FUNCTION notify_outbox_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'mkt_outbox_' || TG_TABLE_SCHEMA,
    (SELECT CASE WHEN count(*) <= 300 THEN string_agg(id::text, ',') ELSE '' END FROM inserted));
  RETURN NULL;
END $$;

DROP TRIGGER outbox_event_inserted ON outbox_event;
CREATE TRIGGER outbox_event_inserted AFTER INSERT ON outbox_event
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox_inserted();
