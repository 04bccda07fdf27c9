import { describe, expect, it } from 'vitest';
import { discordTag, loginHref, userLabel } from './identity';

describe('discordTag', () => {
  it('adds the discriminator unless it is 0', () => {
    expect(discordTag({ username: 'alex', discriminator: '1234' })).toBe('alex#1234');
    expect(discordTag({ username: 'alex', discriminator: '0' })).toBe('alex');
    expect(discordTag({ username: 'alex', discriminator: '' })).toBe('alex');
    expect(discordTag({ username: 'alex' })).toBe('alex');
  });
});

describe('userLabel', () => {
  const user = { username: 'caseynguyen', discriminator: '0042' };

  it('prefers the roster name, then the callsign, then the tag', () => {
    expect(userLabel(user, { name: 'Casey Nguyen', callsign: 'R-13' })).toBe('Casey Nguyen');
    expect(userLabel(user, { name: ' ', callsign: 'R-13' })).toBe('R-13');
    expect(userLabel(user, { name: null, callsign: null })).toBe('caseynguyen#0042');
    expect(userLabel({ username: 'casey', discriminator: '0' }, null)).toBe('casey');
  });
});

describe('loginHref', () => {
  it('returns to the current local path', () => {
    expect(loginHref('/roster?page=2')).toBe('/auth/discord?returnTo=%2Froster%3Fpage%3D2');
    expect(loginHref('//evil.example')).toBe('/auth/discord?returnTo=%2F');
  });
});
