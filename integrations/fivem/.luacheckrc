-- luacheck settings for the FiveM resource: Lua 5.4 with FiveM's server globals.
std = 'lua54'
max_line_length = 120
globals = { 'Config' }
read_globals = {
    'fx_version', 'game', 'name', 'description', 'version', 'server_scripts',
    'GetConvar', 'GetPlayerIdentifiers', 'PerformHttpRequest', 'RegisterCommand',
    'AddEventHandler', 'TriggerClientEvent', 'SetTimeout', 'json', 'source',
}
