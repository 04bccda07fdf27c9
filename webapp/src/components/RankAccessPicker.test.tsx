import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@/test-utils/render';
import { RankAccessPicker } from './RankAccessPicker';

const RANKS = [
  { id: 'p-dep', name: 'Deputy', level: 'deputy', departmentId: 'patrol', departmentName: 'Patrol' },
  { id: 'p-sgt', name: 'Sergeant', level: 'supervisor', departmentId: 'patrol', departmentName: 'Patrol' },
  { id: 't-dep', name: 'Trooper', level: 'deputy', departmentId: 'traffic', departmentName: 'Traffic' },
  { id: 'loose', name: 'Reserve', level: 'deputy', departmentId: '', departmentName: '' },
];

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RankAccessPicker label="Vehicle access" ranks={RANKS} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const chip = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('RankAccessPicker', () => {
  it('offers All ranks, then the ranks grouped by department with General last', () => {
    render(<Harness initial={['gone']} />);
    const set = screen.getByRole('group', { name: 'Vehicle access' });
    expect(within(set).getByRole('checkbox', { name: 'All ranks' })).toBeTruthy();
    const patrol = screen.getByRole('group', { name: 'Patrol' });
    expect(within(patrol).getAllByRole('checkbox')).toEqual([
      within(patrol).getByRole('checkbox', { name: 'Deputy' }),
      within(patrol).getByRole('checkbox', { name: 'Sergeant' }),
    ]);
    expect(within(screen.getByRole('group', { name: 'Traffic' })).getByRole('checkbox', { name: 'Trooper' })).toBeTruthy();
    const general = screen.getByRole('group', { name: 'General' });
    expect(within(general).getByRole('checkbox', { name: 'Reserve' })).toBeTruthy();
    // A chosen id the agency no longer has can still be seen and removed.
    expect(within(general).getByRole<HTMLInputElement>('checkbox', { name: 'gone' }).checked).toBe(true);
  });

  it('All replaces the selection and clears it when chosen again; a rank removes All', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['p-dep', 'p-sgt']} />);
    await user.click(chip('All ranks'));
    expect(value()).toBe('["All"]');
    expect(chip('Deputy').checked).toBe(false);
    await user.click(chip('All ranks'));
    expect(value()).toBe('[]');
    expect(screen.getByText('No ranks chosen: every rank may use it.')).toBeTruthy();
    await user.click(chip('All ranks'));
    await user.click(chip('Trooper'));
    expect(value()).toBe('["t-dep"]');
    await user.click(chip('Deputy'));
    await user.click(chip('Trooper'));
    expect(value()).toBe('["p-dep"]');
  });

  it('tells same-named ranks of different departments apart (issue 21)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const ranks = [
      ...RANKS,
      { id: 't-sgt', name: 'Sergeant', level: 'supervisor', departmentId: 'traffic', departmentName: 'Traffic' },
    ];
    render(<RankAccessPicker label="Vehicle access" ranks={ranks} value={[]} onChange={onChange} />);
    const patrol = within(screen.getByRole('group', { name: 'Patrol' }));
    const traffic = within(screen.getByRole('group', { name: 'Traffic' }));
    expect(patrol.getByRole('checkbox', { name: 'Sergeant · Patrol' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Sergeant' })).toBeNull();
    // Other names stay short.
    expect(patrol.getByRole('checkbox', { name: 'Deputy' })).toBeTruthy();
    await user.click(traffic.getByRole('checkbox', { name: 'Sergeant · Traffic' }));
    expect(onChange).toHaveBeenCalledWith(['t-sgt']);
  });

  it("counts '*' and 'all' as All", () => {
    render(<Harness initial={['*']} />);
    expect(chip('All ranks').checked).toBe(true);
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    await user.tab();
    expect(document.activeElement).toBe(chip('All ranks'));
    await user.keyboard(' ');
    expect(value()).toBe('["All"]');
    await user.tab();
    await user.keyboard(' ');
    expect(value()).toBe('["p-dep"]');
  });

  it('changes nothing when disabled', async () => {
    const user = userEvent.setup();
    render(<RankAccessPicker label="Access" ranks={RANKS} value={['All']} onChange={() => {
      throw new Error('changed');
    }} disabled />);
    await user.click(chip('Deputy'));
    expect(chip('All ranks').disabled).toBe(true);
  });
});
