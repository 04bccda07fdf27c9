-- The Command group's new Penal codes page (command_penal_codes): agencies that exist already
-- get it with the levels their Logs page has (a missing entry would make it public). New
-- agencies get it from the default permissions, seeded after the migrations.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT 'command_penal_codes', false, levels, '{}', 'system'
FROM nav_permissions WHERE nav_id = 'command_logs'
ON CONFLICT (nav_id) DO NOTHING;
