-- Transactional outbox: written in the same transaction as the state change it announces.
CREATE TABLE outbox_event (
  id              bigserial PRIMARY KEY,
  event_id        uuid NOT NULL UNIQUE,
  topic           text NOT NULL,
  message_key     text NOT NULL,
  event_type      text NOT NULL,
  envelope        text NOT NULL,
  headers         jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PUBLISHED', 'FAILED')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  leased_until    timestamptz,
  lease_owner     text,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  published_at    timestamptz
);
-- The relay looks for the oldest unpublished event of each key.
CREATE INDEX outbox_event_unpublished_idx ON outbox_event (message_key, id) WHERE status <> 'PUBLISHED';
CREATE INDEX outbox_event_due_idx ON outbox_event (id) WHERE status = 'PENDING';

-- Inbox: one row per (handler, event), written in the same transaction as the handler's effect.
CREATE TABLE inbox_event (
  handler      text NOT NULL,
  event_id     uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (handler, event_id)
);
