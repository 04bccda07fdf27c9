import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@/test-utils/render';

import { UNSAVED_CHANGES, useUnsavedChanges } from './use-unsaved-changes';

function Editor() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  return (
    <>
      <button type="button" onClick={() => {
          setDirty(true);
        }}>
        Change
      </button>
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Editor /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedChanges', () => {
  it('lets a clean screen go without asking', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('asks before dropping changes, and Stay keeps the screen', async () => {
    const router = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText(UNSAVED_CHANGES)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => {
      expect(screen.queryByText(UNSAVED_CHANGES)).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('Leave drops the changes and goes', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });
});
