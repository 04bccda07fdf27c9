-- Issue 28: SOPs and presentations become rich text (HTML), with a draft that managers edit
-- and every published version kept.

-- The draft of a document (one per document; none until a manager first saves one, and the
-- draft is then the published content). A save names the revision it edited.
CREATE TABLE IF NOT EXISTS document_drafts (
    document_id  TEXT PRIMARY KEY,
    content      TEXT NOT NULL,
    revision     INTEGER NOT NULL DEFAULT 0,
    updated_at   TIMESTAMPTZ,
    updated_by   TEXT
);

-- Every published version of a document, numbered from 1, with who published it and when.
CREATE TABLE IF NOT EXISTS document_versions (
    document_id   TEXT NOT NULL,
    version       INTEGER NOT NULL,
    content       TEXT NOT NULL,
    author        TEXT NOT NULL,
    published_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (document_id, version)
);

-- Safe to run again (scripts/bench and tests/api/tenancy.rs replay the newest migration): the
-- tables are made if missing, and a document that already has a version is not converted twice.

-- Existing documents were plain text: each becomes paragraphs, with `&`, `<` and `>` escaped
-- (what was typed shows as typed; quotes need no escape in text), blank lines parting
-- paragraphs and single line breaks kept as <br> (`features::sops::content::paragraphs` does
-- the same in Rust).
UPDATE whole_lists
SET items = (
    SELECT COALESCE(jsonb_agg(
        CASE WHEN jsonb_typeof(item -> 'content') = 'string'
                  AND NOT EXISTS (SELECT 1 FROM document_versions v WHERE v.document_id = item ->> 'id')
            THEN jsonb_set(item, '{content}', to_jsonb((
                SELECT COALESCE(string_agg(
                    '<p>' || replace(btrim(para, E' \t\n'), E'\n', '<br>') || '</p>', ''
                    ORDER BY n), '')
                FROM regexp_split_to_table(
                    replace(replace(replace(replace(
                        item ->> 'content', E'\r\n', E'\n'),
                        '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                    E'\n\n') WITH ORDINALITY AS p(para, n)
                WHERE btrim(para, E' \t\n') <> '')))
            ELSE item
        END ORDER BY position), '[]'::jsonb)
    FROM jsonb_array_elements(items) WITH ORDINALITY AS e(item, position))
WHERE name = 'documents';

-- ... and is published version 1, by whoever last saved the list, at the document's date.
INSERT INTO document_versions (document_id, version, content, author, published_at)
SELECT item ->> 'id', 1, item ->> 'content', COALESCE(l.updated_by, 'Portal'),
       COALESCE((item ->> 'updatedAt')::timestamptz, l.updated_at, now())
FROM whole_lists l, jsonb_array_elements(l.items) AS item
WHERE l.name = 'documents' AND item ->> 'id' IS NOT NULL
ON CONFLICT DO NOTHING;
