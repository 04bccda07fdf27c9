-- Agency Portal duty (server side). `/duty [unit]` toggles the player's duty in the portal;
-- leaving the server clocks them out. Calls `POST /api/duty/clock` with an agency API token
-- that has the `duty:write` scope, naming the player by their Discord id. Every call carries a
-- request id and is retried with the same id, so a retry never makes a second shift.

local onDuty = {}
local sequence = 0

local function discordId(source)
    for _, identifier in ipairs(GetPlayerIdentifiers(source)) do
        local id = identifier:match('^discord:(%d+)$')
        if id then
            return id
        end
    end
    return nil
end

local function newRequestId()
    sequence = sequence + 1
    return ('fivem-%d-%d-%d'):format(os.time(), sequence, math.random(100000, 999999))
end

local function headers()
    local list = {
        ['Content-Type'] = 'application/json',
        ['Authorization'] = 'Bearer ' .. GetConvar('agency_portal_token', ''),
    }
    if Config.AgencySlug ~= '' then
        list['X-Agency-Slug'] = Config.AgencySlug
    end
    return list
end

-- Sends one clock call, retrying (same request id) while the portal is away or busy, and
-- calls `done(ok, answer)` with the portal's decoded answer.
local function clock(member, action, unit, done)
    local body = json.encode({ discordId = member, action = action, requestId = newRequestId(), unit = unit })
    local function attempt(try)
        PerformHttpRequest(Config.PortalUrl .. '/api/duty/clock', function(status, text, answerHeaders)
            if status == 200 then
                return done(true, json.decode(text))
            end
            local busy = status == 0 or status == 429 or status == 503
            if busy and try < Config.MaxTries then
                local wait = tonumber(answerHeaders and answerHeaders['Retry-After']) or try * 2
                return SetTimeout(wait * 1000, function() attempt(try + 1) end)
            end
            local ok, answer = pcall(json.decode, text or '')
            local message = ok and answer and answer.error or ('the portal answered ' .. tostring(status))
            done(false, { error = message })
        end, 'POST', body, headers())
    end
    attempt(1)
end

local function tell(source, text)
    TriggerClientEvent('chat:addMessage', source, { args = { 'Duty', text } })
end

RegisterCommand(Config.Command, function(source, args)
    local member = discordId(source)
    if not member then
        return tell(source, 'Link your Discord account to FiveM to go on duty.')
    end
    local action = onDuty[source] and 'out' or 'in'
    clock(member, action, table.concat(args, ' '), function(ok, answer)
        if not ok then
            return tell(source, answer.error)
        end
        onDuty[source] = answer.shift ~= nil and answer.shift.endedAt == nil or nil
        tell(source, onDuty[source] and 'You are on duty.' or 'You are off duty.')
    end)
end, false)

-- Leaving clocks out, whatever this resource remembers (it may have restarted meanwhile):
-- the portal answers "nothing changed" for a player who was off duty.
AddEventHandler('playerDropped', function()
    local player = source
    local member = discordId(player)
    if member then
        clock(member, 'out', nil, function(ok, answer)
            if not ok then
                print(('[agency-portal-duty] clocking out %s failed: %s'):format(member, answer.error))
            end
        end)
    end
    onDuty[player] = nil
end)
