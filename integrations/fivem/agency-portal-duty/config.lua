-- Settings of the Agency Portal duty resource. The token itself is never written here: set it
-- in server.cfg with `set agency_portal_token "apt_…"` (a convar, kept out of the resource).
Config = {
    -- The portal's address: the agency's own domain, or the portal's main address with
    -- AgencySlug below.
    PortalUrl = GetConvar('agency_portal_url', 'http://127.0.0.1:8080'),
    -- The agency's slug (needed when PortalUrl is the portal's main address).
    AgencySlug = GetConvar('agency_portal_agency', ''),
    -- The chat command that toggles duty.
    Command = 'duty',
    -- Tries of one call when the portal cannot be reached or asks to wait (429, 503).
    MaxTries = 5,
}
