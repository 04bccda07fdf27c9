import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/test-utils/render';
import { Dialog, DISCARD_CHANGES, FormDialog, useDirtyInDialog } from './Dialog';

/** A form dialog with one field, opened by a button, that says when it was closed. */
function Editor({ busy = false, onClosed = () => {} }: { busy?: boolean; onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: '' } });
  return (
    <>
      <Button onClick={() => { setOpen(true); }}>Open</Button>
      {open && (
        <FormDialog
          title="Add vehicle"
          dirty={form.isDirty()}
          busy={busy}
          onSubmit={() => {}}
          onClose={() => {
            setOpen(false);
            onClosed();
          }}
        >
          <TextInput label="Name" {...form.getInputProps('name')} />
          <Picker />
        </FormDialog>
      )}
    </>
  );
}

/** A picker opened from inside a dialog, as training's trainee picker is. */
function Picker() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => { setOpen(true); }}>Pick</Button>
      <Dialog opened={open} title="Select trainees" onClose={() => { setOpen(false); }}>
        <TextInput label="Search" data-autofocus />
      </Dialog>
    </>
  );
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });
const gone = async (name: string) => {
  await waitFor(() => {
    expect(dialog(name)).toBeNull();
  });
};

async function openFilled(user: ReturnType<typeof userEvent.setup>, text = 'Alamo SUV') {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const editor = await screen.findByRole('dialog', { name: 'Add vehicle' });
  if (text !== '') await user.type(within(editor).getByRole('textbox', { name: 'Name' }), text);
  return editor;
}

describe('Dialog', () => {
  it('closes on Escape at once when nothing changed', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Editor onClosed={onClosed} />);
    await openFilled(user, '');
    await user.keyboard('{Escape}');
    await gone('Add vehicle');
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(dialog('Unsaved changes')).toBeNull();
  });

  it('asks before Escape drops changes: Keep editing (or Escape) keeps them, Discard closes', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Editor onClosed={onClosed} />);
    const editor = await openFilled(user);

    await user.keyboard('{Escape}');
    let confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(confirm).getByText(DISCARD_CHANGES)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await gone('Unsaved changes');
    expect(within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Alamo SUV');

    // Escape on the question closes the question only.
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.keyboard('{Escape}');
    await gone('Unsaved changes');
    expect(dialog('Add vehicle')).toBe(editor);

    await user.keyboard('{Escape}');
    confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await gone('Add vehicle');
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the question even while the focus is still in the dialog beneath it', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const editor = await openFilled(user);
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    // Pressed before the question's focus trap has taken the focus.
    within(editor).getByRole('textbox', { name: 'Name' }).focus();
    await user.keyboard('{Escape}');
    await gone('Unsaved changes');
    expect(dialog('Add vehicle')).toBe(editor);
  });

  it('asks before ×, Cancel and a click beside the dialog drop changes', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const editor = await openFilled(user);
    const keep = async () => {
      const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
      await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
      await gone('Unsaved changes');
      expect(dialog('Add vehicle')).toBe(editor);
    };
    await user.click(within(editor).getByRole('button', { name: 'Close this dialog' }));
    await keep();
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await keep();
    const overlay = editor.closest('.mantine-Modal-root')?.querySelector('.mantine-Modal-overlay');
    expect(overlay).toBeTruthy();
    await user.click(overlay!);
    await keep();
  });

  it('stays open while it saves', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Editor busy onClosed={onClosed} />);
    await openFilled(user, '');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close this dialog' }));
    expect(dialog('Add vehicle')).toBeTruthy();
    expect(dialog('Unsaved changes')).toBeNull();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('Escape in a dialog opened from another closes only the one on top', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Editor onClosed={onClosed} />);
    const editor = await openFilled(user);
    await user.click(within(editor).getByRole('button', { name: 'Pick' }));
    const picker = await screen.findByRole('dialog', { name: 'Select trainees' });
    await user.type(within(picker).getByRole('textbox', { name: 'Search' }), 'Casey');
    await user.keyboard('{Escape}');
    await gone('Select trainees');
    expect(dialog('Add vehicle')).toBe(editor);
    expect(dialog('Unsaved changes')).toBeNull();
    expect(within(editor).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Alamo SUV');
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('leaves Escape to a confirmation opened over it through @mantine/modals', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const editor = await openFilled(user, '');
    modals.openConfirmModal({ title: 'Delete Cruiser', labels: { confirm: 'Delete', cancel: 'Cancel' } });
    const confirm = await screen.findByRole('dialog', { name: 'Delete Cruiser' });
    within(confirm).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Escape}');
    await gone('Delete Cruiser');
    expect(dialog('Add vehicle')).toBe(editor);
  });

  it('asks when a form inside it says it holds changes (useDirtyInDialog)', async () => {
    function Notes() {
      const [notes, setNotes] = useState('');
      useDirtyInDialog(notes !== '');
      return <TextInput label="Review notes" value={notes} onChange={(event) => { setNotes(event.currentTarget.value); }} />;
    }
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Dialog title="Case #1040" onClose={onClose}>
        <Notes />
      </Dialog>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Review notes' }), 'Proportionate.');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
