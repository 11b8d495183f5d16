import type { Migration } from './migrator.js';

/**
 * The event store schema (DESIGN.md decision 3). One function call appends, so an
 * append costs one round trip whatever the expected-version mode.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'events and streams',
    sql: `
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  stream_version bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  -- Assigned at the first write of the appending transaction; subscribers read
  -- below the oldest running transaction so a late commit is never skipped.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, stream_version),
  CONSTRAINT events_event_id_key UNIQUE (event_id),
  CONSTRAINT events_global_position_key UNIQUE (global_position)
);

CREATE INDEX events_cursor_idx ON events (transaction_id, global_position);

-- Expected-version kinds: 'exact' (p_expected_version), 'no_stream', 'stream_exists', 'any'.
-- Errors: ES001 wrong expected version (DETAIL: actual version, or -1 when absent);
--         ES002 some event ids were written before by a different append.
CREATE FUNCTION append_to_stream(
  p_stream_id text,
  p_expected_kind text,
  p_expected_version bigint,
  p_event_ids uuid[],
  p_event_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, last_transaction_id xid8, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := cardinality(p_event_ids);
  v_next bigint;
  v_current bigint;
  v_found integer;
BEGIN
  IF v_count IS NULL OR v_count = 0 THEN
    RAISE EXCEPTION 'append_to_stream needs at least one event';
  END IF;

  -- A retry of an append that already committed answers with what it wrote.
  SELECT count(*) INTO v_found FROM events WHERE event_id = ANY (p_event_ids);
  IF v_found > 0 THEN
    IF v_found = v_count AND NOT EXISTS (
      SELECT 1 FROM events WHERE event_id = ANY (p_event_ids) AND stream_id <> p_stream_id
    ) THEN
      RETURN QUERY
        SELECT e.stream_version, e.global_position, e.transaction_id, true
        FROM events e WHERE e.event_id = ANY (p_event_ids)
        ORDER BY e.stream_version DESC LIMIT 1;
      RETURN;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'ES002', MESSAGE = 'duplicate event ids', DETAIL = p_stream_id;
  END IF;

  IF p_expected_kind = 'any' THEN
    INSERT INTO streams AS s (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO UPDATE SET stream_version = s.stream_version + v_count, updated_at = now()
    RETURNING s.stream_version INTO v_next;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'exact' AND p_expected_version = 0) THEN
    INSERT INTO streams (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'exact' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id AND stream_version = p_expected_version
    RETURNING stream_version INTO v_next;
  ELSE
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind;
  END IF;

  IF v_next IS NULL THEN
    SELECT stream_version INTO v_current FROM streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected version', DETAIL = coalesce(v_current, -1)::text;
  END IF;

  RETURN QUERY
  WITH written AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_next - v_count + t.ordinality, t.event_id, t.event_type, t.schema_version, t.data, t.metadata
    FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS t(event_id, event_type, schema_version, data, metadata, ordinality)
    RETURNING global_position
  )
  SELECT v_next, max(written.global_position), pg_current_xact_id(), false FROM written;
END;
$$;
`,
  },
  {
    version: 2,
    name: 'projection checkpoints',
    sql: `
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  last_transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
  last_position bigint NOT NULL DEFAULT 0,
  -- The projection's code version the read model was built with.
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    version: 3,
    name: 'append checks for a retried append only when the append fails',
    // The up-front look-up of the event ids cost every append an index probe;
    // a retry now shows up as a failure (wrong version, or the unique index on
    // event_id, which the client resolves), so only failures pay for it.
    sql: `
CREATE OR REPLACE FUNCTION append_to_stream(
  p_stream_id text,
  p_expected_kind text,
  p_expected_version bigint,
  p_event_ids uuid[],
  p_event_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, last_transaction_id xid8, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := cardinality(p_event_ids);
  v_next bigint;
  v_current bigint;
  v_found integer;
BEGIN
  IF v_count IS NULL OR v_count = 0 THEN
    RAISE EXCEPTION 'append_to_stream needs at least one event';
  END IF;

  IF p_expected_kind = 'any' THEN
    INSERT INTO streams AS s (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO UPDATE SET stream_version = s.stream_version + v_count, updated_at = now()
    RETURNING s.stream_version INTO v_next;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'exact' AND p_expected_version = 0) THEN
    INSERT INTO streams (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'exact' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id AND stream_version = p_expected_version
    RETURNING stream_version INTO v_next;
  ELSE
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind;
  END IF;

  IF v_next IS NULL THEN
    -- A retry of an append that already committed answers with what it wrote.
    SELECT count(*) INTO v_found FROM events WHERE event_id = ANY (p_event_ids);
    IF v_found > 0 THEN
      IF v_found = v_count AND NOT EXISTS (
        SELECT 1 FROM events WHERE event_id = ANY (p_event_ids) AND stream_id <> p_stream_id
      ) THEN
        RETURN QUERY
          SELECT e.stream_version, e.global_position, e.transaction_id, true
          FROM events e WHERE e.event_id = ANY (p_event_ids)
          ORDER BY e.stream_version DESC LIMIT 1;
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES002', MESSAGE = 'duplicate event ids', DETAIL = p_stream_id;
    END IF;
    SELECT stream_version INTO v_current FROM streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected version', DETAIL = coalesce(v_current, -1)::text;
  END IF;

  RETURN QUERY
  WITH written AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_next - v_count + t.ordinality, t.event_id, t.event_type, t.schema_version, t.data, t.metadata
    FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS t(event_id, event_type, schema_version, data, metadata, ordinality)
    RETURNING global_position
  )
  SELECT v_next, max(written.global_position), pg_current_xact_id(), false FROM written;
END;
$$;
`,
  },
  {
    version: 4,
    name: 'append wakes subscribers in its own transaction',
    // A NOTIFY sent after the append was a transaction (and a commit) of its own
    // per append, coalesced into a delay under load. Inside the append it commits
    // with the events, once per command. The 8-argument function stays for
    // processes of the previous release still running during an upgrade.
    // Superseded since: the lock that NOTIFY takes at commit serialised the
    // writers, so the store calls the 8-argument function again and notifies
    // after the commit (WakeUpNotifier); this one stays for processes of the
    // release that called it.
    sql: `
CREATE FUNCTION append_to_stream(
  p_stream_id text,
  p_expected_kind text,
  p_expected_version bigint,
  p_event_ids uuid[],
  p_event_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_notify_channel text
) RETURNS TABLE (next_version bigint, last_position bigint, last_transaction_id xid8, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := cardinality(p_event_ids);
  v_next bigint;
  v_current bigint;
  v_found integer;
BEGIN
  IF v_count IS NULL OR v_count = 0 THEN
    RAISE EXCEPTION 'append_to_stream needs at least one event';
  END IF;

  IF p_expected_kind = 'any' THEN
    INSERT INTO streams AS s (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO UPDATE SET stream_version = s.stream_version + v_count, updated_at = now()
    RETURNING s.stream_version INTO v_next;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'exact' AND p_expected_version = 0) THEN
    INSERT INTO streams (stream_id, stream_version) VALUES (p_stream_id, v_count)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id
    RETURNING stream_version INTO v_next;
  ELSIF p_expected_kind = 'exact' THEN
    UPDATE streams SET stream_version = stream_version + v_count, updated_at = now()
    WHERE stream_id = p_stream_id AND stream_version = p_expected_version
    RETURNING stream_version INTO v_next;
  ELSE
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind;
  END IF;

  IF v_next IS NULL THEN
    -- A retry of an append that already committed answers with what it wrote.
    SELECT count(*) INTO v_found FROM events WHERE event_id = ANY (p_event_ids);
    IF v_found > 0 THEN
      IF v_found = v_count AND NOT EXISTS (
        SELECT 1 FROM events WHERE event_id = ANY (p_event_ids) AND stream_id <> p_stream_id
      ) THEN
        RETURN QUERY
          SELECT e.stream_version, e.global_position, e.transaction_id, true
          FROM events e WHERE e.event_id = ANY (p_event_ids)
          ORDER BY e.stream_version DESC LIMIT 1;
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES002', MESSAGE = 'duplicate event ids', DETAIL = p_stream_id;
    END IF;
    SELECT stream_version INTO v_current FROM streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected version', DETAIL = coalesce(v_current, -1)::text;
  END IF;

  RETURN QUERY
  WITH written AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_next - v_count + t.ordinality, t.event_id, t.event_type, t.schema_version, t.data, t.metadata
    FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS t(event_id, event_type, schema_version, data, metadata, ordinality)
    RETURNING global_position
  )
  SELECT v_next, max(written.global_position), pg_current_xact_id(), false FROM written;

  -- Delivered when (and only if) this transaction commits, so a woken subscriber finds the events.
  IF p_notify_channel IS NOT NULL THEN
    PERFORM pg_notify(p_notify_channel, '');
  END IF;
END;
$$;
`,
  },
  {
    version: 5,
    name: 'append claims its versions in events alone',
    // An append wrote two rows, the stream's row in `streams` and the event, and
    // the stream's row was one more heap tuple, index entry and WAL record per
    // command (appends at 0.61-0.76 of plain INSERTs at 32 writers). The events
    // primary key (stream_id, stream_version) already refuses a second writer of
    // a version, and a stream's versions are contiguous from 1, so the version
    // check needs no row of its own:
    //  - exact N: version N exists (one probe of the key) and N + 1 is free
    //    (the insert finds out); no_stream: version 1 is free; stream_exists and
    //    any: the highest version, read from the key's end.
    //  - The first event claims the next version with ON CONFLICT DO NOTHING
    //    (an uncommitted claim makes the insert wait for its writer). A writer
    //    that claimed it holds the versions after it too: another writer can only
    //    start after a committed version, and none is committed past this one.
    //    So a failed claim has written nothing, and a won claim never half-fails.
    //  - A failed claim is a retry (answered with what was written), a wrong
    //    version (ES001, as before), or for any and stream_exists a race lost to
    //    another writer: read the new end and claim again.
    // The 9-argument function of migration 4 wrote the stream's row; processes
    // of that release fail loudly instead of writing versions this one ignores.
    sql: `
DROP FUNCTION append_to_stream(text, text, bigint, uuid[], text[], integer[], jsonb[], jsonb[], text);
DROP TABLE streams;

CREATE OR REPLACE FUNCTION append_to_stream(
  p_stream_id text,
  p_expected_kind text,
  p_expected_version bigint,
  p_event_ids uuid[],
  p_event_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_position bigint, last_transaction_id xid8, duplicate boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := cardinality(p_event_ids);
  -- The version this append follows; NULL when the expected version does not hold.
  v_base bigint;
  v_position bigint;
  v_current bigint;
  v_found integer;
BEGIN
  IF v_count IS NULL OR v_count = 0 THEN
    RAISE EXCEPTION 'append_to_stream needs at least one event';
  END IF;
  IF p_expected_kind NOT IN ('exact', 'no_stream', 'stream_exists', 'any') THEN
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind;
  END IF;

  LOOP
    IF p_expected_kind = 'no_stream' OR (p_expected_kind = 'exact' AND p_expected_version = 0) THEN
      v_base := 0;
    ELSIF p_expected_kind = 'exact' THEN
      SELECT e.stream_version INTO v_base FROM events e
      WHERE e.stream_id = p_stream_id AND e.stream_version = p_expected_version;
    ELSE
      SELECT e.stream_version INTO v_base FROM events e
      WHERE e.stream_id = p_stream_id ORDER BY e.stream_version DESC LIMIT 1;
      IF v_base IS NULL AND p_expected_kind = 'any' THEN
        v_base := 0;
      END IF;
    END IF;

    IF v_base IS NOT NULL THEN
      INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
      VALUES (p_stream_id, v_base + 1, p_event_ids[1], p_event_types[1], p_schema_versions[1], p_data[1], p_metadata[1])
      ON CONFLICT (stream_id, stream_version) DO NOTHING
      RETURNING global_position INTO v_position;
      IF FOUND THEN
        IF v_count > 1 THEN
          WITH written AS (
            INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
            SELECT p_stream_id, v_base + t.ordinality, t.event_id, t.event_type, t.schema_version, t.data, t.metadata
            FROM unnest(p_event_ids, p_event_types, p_schema_versions, p_data, p_metadata)
              WITH ORDINALITY AS t(event_id, event_type, schema_version, data, metadata, ordinality)
            WHERE t.ordinality > 1
            RETURNING global_position
          )
          SELECT max(written.global_position) INTO v_position FROM written;
        END IF;
        next_version := v_base + v_count;
        last_position := v_position;
        last_transaction_id := pg_current_xact_id();
        duplicate := false;
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;

    -- Nothing was written. A retry of an append that already committed answers with what it wrote.
    SELECT count(*) INTO v_found FROM events e WHERE e.event_id = ANY (p_event_ids);
    IF v_found > 0 THEN
      IF v_found = v_count AND NOT EXISTS (
        SELECT 1 FROM events e WHERE e.event_id = ANY (p_event_ids) AND e.stream_id <> p_stream_id
      ) THEN
        RETURN QUERY
          SELECT e.stream_version, e.global_position, e.transaction_id, true
          FROM events e WHERE e.event_id = ANY (p_event_ids)
          ORDER BY e.stream_version DESC LIMIT 1;
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES002', MESSAGE = 'duplicate event ids', DETAIL = p_stream_id;
    END IF;

    -- any and stream_exists lost the next version to another writer: read the new end and claim again.
    IF v_base IS NULL OR p_expected_kind NOT IN ('stream_exists', 'any') THEN
      SELECT e.stream_version INTO v_current FROM events e
      WHERE e.stream_id = p_stream_id ORDER BY e.stream_version DESC LIMIT 1;
      RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected version', DETAIL = coalesce(v_current, -1)::text;
    END IF;
  END LOOP;
END;
$$;
`,
  },
  {
    version: 6,
    name: "a person's events by the field naming them",
    // EventStore.readByPerson (a person's export) found their ratings and shares of
    // other people's jokes by reading the whole table. One expression index per
    // field by which the product's events name a person (the domain's PERSON_INDEX,
    // libs/domain/src/joke/joke.events.ts; a new field needs its index here),
    // partial: only events that name someone pay for an entry, and the query's
    // equality implies IS NOT NULL, so the planner uses them. Ids only, never
    // personal data (DESIGN.md decision 16). Built in the migration's transaction:
    // on a large table, appends wait while it is built.
    sql: `
CREATE INDEX events_user_id_idx ON events ((data->>'userId')) WHERE data->>'userId' IS NOT NULL;
CREATE INDEX events_reporter_id_idx ON events ((data->>'reporterId')) WHERE data->>'reporterId' IS NOT NULL;
`,
  },
];
