import { describe, expect, it } from 'vitest';
import { discordAvatarUrl, initials } from './avatar';

describe('discordAvatarUrl', () => {
  it('uses png for a static hash', () => {
    expect(discordAvatarUrl({ id: '123', avatar: 'abcdef' })).toBe(
      'https://cdn.discordapp.com/avatars/123/abcdef.png?size=512',
    );
  });

  it('uses gif for an animated hash', () => {
    expect(discordAvatarUrl({ id: '123', avatar: 'a_abcdef' })).toBe(
      'https://cdn.discordapp.com/avatars/123/a_abcdef.gif?size=512',
    );
  });

  it('uses the default avatar by discriminator modulo 5 without a hash', () => {
    expect(discordAvatarUrl({ id: '1', avatar: null, discriminator: '0007' })).toBe(
      'https://cdn.discordapp.com/embed/avatars/2.png',
    );
    expect(discordAvatarUrl({ id: '1', discriminator: 10 })).toBe('https://cdn.discordapp.com/embed/avatars/0.png');
    expect(discordAvatarUrl({ id: '1', avatar: '', discriminator: 'x' })).toBe(
      'https://cdn.discordapp.com/embed/avatars/0.png',
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
