import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetAppStores } from '@/test-utils/app';
import { rosterEntry, serveAgency, signedIn } from '@/test-utils/fixtures';
import { rawlife } from '@/test-utils/organisation';
import { screen } from '@/test-utils/render';

const COMMAND = signedIn(rosterEntry({ id: 7, name: 'Eli Stone', level: 'command' }));

describe('MessageManagementPage', () => {
  beforeEach(resetAppStores);

  it('says custom message templates will be managed here', async () => {
    serveAgency({
      me: COMMAND,
      agencies: [rawlife()],
    });
    renderApp('/command/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message management' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('message-management-placeholder').textContent).toBe(
      'Custom message templates will be managed here.',
    );
    expect(screen.queryByText('This screen arrives in a later release.')).toBeNull();
  });
});
