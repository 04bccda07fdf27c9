import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { ARREST_FLOW, UOF_FLOW, type ReviewRequest } from '@/lib/review-flows';
import { render, screen, waitFor } from '@/test-utils/render';
import { arrestReport, uofReport } from '@/test-utils/reports';
import { ReviewPanel } from './ReviewPanel';

function renderPanel(props: Partial<Parameters<typeof ReviewPanel>[0]> = {}) {
  const sent: ReviewRequest[] = [];
  const onReview = vi.fn((request: ReviewRequest) => {
    sent.push(request);
    return Promise.resolve();
  });
  render(<ReviewPanel flow={UOF_FLOW} report={uofReport({ status: 'under_review' })} reviewerName="Sam Whitaker" onReview={onReview} {...props} />);
  return { sent, onReview };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('ReviewPanel (one panel, every flow)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("use of force: the reviewer's name read-only, the outcome, notes, three buttons, 'Not signed yet'", () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Supervisor Review & Sign-Off' })).toBeTruthy();
    const supervisor = screen.getByRole<HTMLInputElement>('textbox', { name: 'Supervisor' });
    expect(supervisor.value).toBe('Sam Whitaker');
    expect(supervisor.readOnly).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Outcome' }).value).toBe('Under Review');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve & Sign', 'Save', 'Deny']);
    expect(screen.getByTestId('signature-line').textContent).toBe('Not signed yet');
  });

  it("'Approve & Sign' and 'Deny' send their action with the notes; 'Saved' in green", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { sent } = renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Review notes' }), '  Proportionate. ');
    await user.click(button('Approve & Sign'));
    await waitFor(() => {
      expect(sent).toEqual([{ action: 'approve', supervisorNotes: 'Proportionate.' }]);
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Saved' });
    });
    await user.click(button('Deny'));
    await waitFor(() => {
      expect(sent[1]).toEqual({ action: 'deny', supervisorNotes: 'Proportionate.' });
    });
  });

  it("'Save' keeps the chosen outcome", async () => {
    const { sent } = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Out of Policy' }));
    await user.click(button('Save'));
    await waitFor(() => {
      expect(sent).toEqual([{ status: 'out_of_policy', supervisorNotes: null }]);
    });
  });

  it("says 'Failed to save' in red with the server's reason", async () => {
    const show = vi.spyOn(notifications, 'show');
    renderPanel({ onReview: () => Promise.reject(new ApiError(403, 'You are on leave.', 'You are on leave.')) });
    await userEvent.setup().click(button('Save'));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith({ color: 'red', title: 'Failed to save', message: 'You are on leave.' });
    });
  });

  it('shows who signed and when', () => {
    renderPanel({
      report: uofReport({ status: 'in_policy', supervisorSignedBy: 'Sam Whitaker', supervisorSignedAt: '2026-11-21T12:00:00Z' }),
    });
    expect(screen.getByTestId('signature-line').textContent).toMatch(/^Signed by Sam Whitaker on 21 Nov 2026, \d{2}:\d{2}$/);
  });

  it('arrests: no outcome; returning needs notes, checked before anything is sent', async () => {
    const { sent } = renderPanel({ flow: ARREST_FLOW, report: arrestReport({ status: 'under_review' }) });
    expect(screen.queryByRole('combobox', { name: 'Outcome' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve & Sign', 'Return for correction']);
    const user = userEvent.setup();
    await user.click(button('Return for correction'));
    expect(await screen.findByText('Write review notes that say what to correct.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Review notes' }), 'Add the bond.');
    expect(screen.queryByText('Write review notes that say what to correct.')).toBeNull();
    await user.click(button('Return for correction'));
    await waitFor(() => {
      expect(sent).toEqual([{ action: 'return', supervisorNotes: 'Add the bond.' }]);
    });
  });

  it("arrests: an approved report's buttons are off", () => {
    renderPanel({ flow: ARREST_FLOW, report: arrestReport({ status: 'approved' }) });
    expect((button('Approve & Sign') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Return for correction') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's sentence beside 'Failed to save' when a save is refused (403, 409)", async () => {
    const show = vi.spyOn(notifications, 'show');
    const signed = 'This report is signed: its outcome changes only with a new signed decision (Approve & Sign or Deny).';
    renderPanel({ onReview: () => Promise.reject(new ApiError(409, signed, signed)) });
    await userEvent.setup().click(button('Save'));
    expect((await screen.findByTestId('review-failure')).textContent).toBe(`Failed to save: ${signed}`);
    expect(show).toHaveBeenCalledWith({ color: 'red', title: 'Failed to save', message: signed });
  });

  it('a signed outcome offers only the decisions: Pending and Under Review are off, with the reason', async () => {
    renderPanel({
      report: uofReport({ status: 'in_policy', supervisorSignedBy: 'Sam Whitaker', supervisorSignedAt: '2026-11-21T12:00:00Z' }),
    });
    const outcome = screen.getByRole('combobox', { name: 'Outcome' });
    expect(screen.getByText('This report is signed: choose In Policy or Out of Policy to sign a new decision.')).toBeTruthy();
    await userEvent.setup().click(outcome);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled') === 'true'])).toEqual([
      ['Pending', true],
      ['Under Review', true],
      ['In Policy', false],
      ['Out of Policy', false],
    ]);
  });

  it("an undecided report's outcome says that a decision signs", () => {
    renderPanel();
    expect(screen.getByText('Saving In Policy or Out of Policy signs the report as you.')).toBeTruthy();
  });

  it("own report: 'You cannot review your own report.' in place of every control (issue 19)", () => {
    renderPanel({ report: uofReport({ status: 'under_review', ownReport: true, supervisorNotes: 'Seen.' }) });
    expect(screen.getByRole('heading', { name: 'Supervisor Review & Sign-Off' })).toBeTruthy();
    expect(screen.getByTestId('own-report-notice').textContent).toBe('You cannot review your own report.');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Outcome' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Seen.')).toBeTruthy();
    expect(screen.getByTestId('signature-line').textContent).toBe('Not signed yet');
  });

  it('read-only (leave of absence): nothing can be sent', () => {
    renderPanel({ readOnly: true });
    for (const name of ['Approve & Sign', 'Save', 'Deny']) expect((button(name) as HTMLButtonElement).disabled).toBe(true);
  });
});
