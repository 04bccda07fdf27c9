import { describe, expect, it } from 'vitest';
import { discordAvatarUrl, initials } from './avatar';

describe('discordAvatarUrl: served by the portal, never straight from Discord', () => {
  it('uses png for a static hash', () => {
    expect(discordAvatarUrl({ id: '123', avatar: 'abcdef' })).toBe(
      '/avatars/123/abcdef.png',
    );
  });

  it('uses gif for an animated hash', () => {
    expect(discordAvatarUrl({ id: '123', avatar: 'a_abcdef' })).toBe(
      '/avatars/123/a_abcdef.gif',
    );
  });

  it('uses the default avatar by discriminator modulo 5 without a hash', () => {
    expect(discordAvatarUrl({ id: '1', avatar: null, discriminator: '0007' })).toBe(
      '/avatars/default/2',
    );
    expect(discordAvatarUrl({ id: '1', discriminator: 10 })).toBe('/avatars/default/0');
    expect(discordAvatarUrl({ id: '1', avatar: '', discriminator: 'x' })).toBe(
      '/avatars/default/0',
    );
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('jane middle doe')).toBe('JD');
    expect(initials('raw')).toBe('R');
    expect(initials('  ')).toBe('?');
    expect(initials(null)).toBe('?');
  });
});
