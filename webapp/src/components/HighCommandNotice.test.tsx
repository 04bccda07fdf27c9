import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test-utils/render';
import { HighCommandNotice } from './HighCommandNotice';

describe('HighCommandNotice', () => {
  it("shows the page title and the refusal in an alert", () => {
    render(<HighCommandNotice title="Permissions">You must be part of High Command to manage permissions.</HighCommandNotice>);
    expect(screen.getByRole('heading', { level: 1, name: 'Permissions' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('You must be part of High Command to manage permissions.');
  });
});
