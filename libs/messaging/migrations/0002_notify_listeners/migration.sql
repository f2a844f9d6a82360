-- Wakes whoever listens once the inserting transaction commits (NOTIFY is delivered on commit only).
-- A trigger's first argument names the channel, which is suffixed with the table's schema (several
-- services share one database in standalone mode); its second, if any, names the column whose value
-- is the payload (a row trigger), else the payload is empty.
CREATE FUNCTION notify_listeners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    TG_ARGV[0] || '_' || TG_TABLE_SCHEMA,
    CASE WHEN TG_NARGS > 1 THEN to_jsonb(NEW) ->> TG_ARGV[1] ELSE '' END);
  RETURN NULL;
END $$;

-- A committed event is published at once: the relays of the service listen.
CREATE TRIGGER outbox_event_inserted AFTER INSERT ON outbox_event
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listeners('mkt_outbox');
