import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test-utils/render';
import { QueryStatus, type QueryState } from './QueryStatus';

const pending: QueryState = { status: 'pending', error: null };
const failed: QueryState = { status: 'error', error: new Error('database down') };
const loaded: QueryState = { status: 'success', error: null };

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Failed');

describe('QueryStatus', () => {
  it('shows the loading text beside a loader', () => {
    render(
      <QueryStatus query={pending} loading="Loading roster…">
        <p>Rows</p>
      </QueryStatus>,
    );
    const text = screen.getByText('Loading roster…');
    expect(text.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('Rows')).toBeNull();
  });

  it('labels a lone spinner with the loading text', () => {
    const { container } = render(<QueryStatus query={pending} loading="Loading agencies…" loader="spinner" />);
    expect(screen.getByLabelText('Loading agencies…')).toBe(container.querySelector('.mantine-Loader-root'));
    expect(screen.queryByText('Loading agencies…')).toBeNull();
  });

  it('reports a failure in an alert titled with the given title', () => {
    render(
      <QueryStatus query={failed} loading="Loading…" errorTitle="Roster unavailable" errorText={errorText} empty="None">
        <p>Rows</p>
      </QueryStatus>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Roster unavailable');
    expect(alert.textContent).toContain('database down');
    expect(screen.queryByText('None')).toBeNull();
    expect(screen.queryByText('Rows')).toBeNull();
  });

  it('keeps a failure silent without an error title', () => {
    render(<QueryStatus query={failed} loading="Loading…" empty="No departments yet." />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No departments yet.')).toBeTruthy();
  });

  it('shows the empty text once loaded', () => {
    render(
      <QueryStatus query={loaded} loading="Loading…" empty="No people on the roster yet." emptyTestId="roster-empty">
        <p>Rows</p>
      </QueryStatus>,
    );
    expect(screen.getByTestId('roster-empty').textContent).toBe('No people on the roster yet.');
    expect(screen.queryByText('Rows')).toBeNull();
  });

  it('shows the children once loaded with something to show', () => {
    const { container } = render(
      <QueryStatus query={loaded} loading="Loading…" errorTitle="Oops" empty={null}>
        <p>Rows</p>
      </QueryStatus>,
    );
    expect(screen.getByText('Rows')).toBeTruthy();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('shows nothing once loaded without children', () => {
    const { container } = render(<QueryStatus query={loaded} loading="Loading…" errorTitle="Oops" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(container.querySelector('.mantine-Loader-root, .mantine-Paper-root')).toBeNull();
  });
});
