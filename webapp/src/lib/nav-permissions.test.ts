import { describe, expect, it } from 'vitest';
import { entryFor, toPermissionItems } from './nav-permissions';

describe('entries', () => {
  const saved = {
    items: { roster: { public: false, levels: ['deputy'], roles: [] } },
  };

  it('treats a missing entry as public', () => {
    expect(entryFor({}, 'home')).toEqual({ public: true, levels: [], roles: [] });
    const copy = entryFor(saved.items, 'roster');
    copy.levels.push('command');
    expect(saved.items.roster.levels).toEqual(['deputy']);
  });

  it('copies server entries with optional lists', () => {
    expect(toPermissionItems({ home: { public: true } })).toEqual({ home: { public: true, levels: [], roles: [] } });
  });
});
