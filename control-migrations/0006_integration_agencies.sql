-- Agencies whose Discord role sync or alerts are on (issue 22): the integrations worker
-- visits these for work left waiting (a write's own instance starts it at once). Kept in step
-- by the Discord and Alerts settings saves.
CREATE TABLE integration_agencies (
    agency_id  BIGINT PRIMARY KEY REFERENCES agencies (id) ON DELETE CASCADE
);
