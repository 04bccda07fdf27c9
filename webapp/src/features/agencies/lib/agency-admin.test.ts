import { describe, expect, it } from 'vitest';
import { agencyDraftBody, EMPTY_CREATE_AGENCY, parseCustomLevels } from './agency-admin';

describe('parseCustomLevels', () => {
  it('splits on commas and new lines and keeps the label as typed', () => {
    expect(parseCustomLevels('Cadet, Officer\nHigh Command')).toEqual([
      { id: 'cadet', label: 'Cadet' },
      { id: 'officer', label: 'Officer' },
      { id: 'high_command', label: 'High Command' },
    ]);
  });

  it('replaces non-alphanumerics with underscores and drops duplicates and blanks', () => {
    expect(parseCustomLevels(' Sgt. 1st-Class ,, sgt_ 1st class\r\n\n cadet, CADET ')).toEqual([
      { id: 'sgt__1st_class', label: 'Sgt. 1st-Class' },
      { id: 'cadet', label: 'cadet' },
    ]);
    expect(parseCustomLevels('')).toEqual([]);
  });
});

describe('agencyDraftBody', () => {
  it('sends the defaults for a bare name', () => {
    expect(agencyDraftBody({ ...EMPTY_CREATE_AGENCY, name: '  Sandy Shores PD ' })).toEqual({
      name: 'Sandy Shores PD',
      flags: { enableAgencyManagement: true, disableCallsigns: false },
    });
  });

  it('trims texts, lowercases the slug and adds levels and the first High Command member', () => {
    expect(
      agencyDraftBody({
        ...EMPTY_CREATE_AGENCY,
        name: 'Sandy Shores PD',
        slug: ' SSPD ',
        shortName: 'SSPD',
        domain: 'sspd.localhost',
        description: ' Desert patrol ',
        enableAgencyManagement: false,
        disableCallsigns: true,
        levels: 'Officer, Chief',
        ownerDiscordId: ' 123456789012345678 ',
        ownerName: 'Pat Doe',
      }),
    ).toEqual({
      name: 'Sandy Shores PD',
      slug: 'sspd',
      shortName: 'SSPD',
      domain: 'sspd.localhost',
      description: 'Desert patrol',
      flags: {
        enableAgencyManagement: false,
        disableCallsigns: true,
        levels: [
          { id: 'officer', label: 'Officer' },
          { id: 'chief', label: 'Chief' },
        ],
      },
      owner: { discordId: '123456789012345678', name: 'Pat Doe' },
    });
  });
});
