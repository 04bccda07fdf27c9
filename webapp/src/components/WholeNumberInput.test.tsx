import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test-utils/render';
import { WholeNumberInput } from './WholeNumberInput';

describe('WholeNumberInput', () => {
  it('describes itself by its range, with a unit when given one, else by its own description or none', () => {
    render(
      <>
        <WholeNumberInput label="Every (hours)" range={{ min: 1, max: 168 }} />
        <WholeNumberInput label="Keep the last" range={{ min: 1, max: 100 }} unit="backups" />
        <WholeNumberInput label="Days" description="A grant lasts this many days." range={{ min: 1, max: 3650 }} />
        <WholeNumberInput label="Fine" description={null} range={{ min: 0, max: 5000 }} />
      </>,
    );
    expect(screen.getByText('1 to 168')).toBeTruthy();
    expect(screen.getByText('1 to 100 backups')).toBeTruthy();
    expect(screen.getByText('A grant lasts this many days.')).toBeTruthy();
    expect(screen.queryByText('1 to 3650')).toBeNull();
    expect(screen.queryByText('0 to 5000')).toBeNull();
  });

  it('keeps a number outside the range as typed, and takes neither a sign nor decimals', async () => {
    const user = userEvent.setup();
    render(<WholeNumberInput label="Keep the last" range={{ min: 1, max: 100 }} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Keep the last' });
    await user.type(input, '101');
    await user.tab();
    expect(input.value).toBe('101');
    await user.clear(input);
    await user.type(input, '-2.5');
    expect(input.value).toBe('25');
  });
});
