-- Agency Portal duty: clocks players in and out of the agency's portal (issue 24).
fx_version 'cerulean'
game 'gta5'

name 'agency-portal-duty'
description 'Clocks members in and out of Agency Portal on /duty and when they leave'
version '1.0.0'

server_scripts {
    'config.lua',
    'server.lua',
}
