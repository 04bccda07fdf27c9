import { Stack, Text, Textarea } from '@mantine/core';
import { CatalogueBasicFields, TextListInputs } from '@/components/CatalogueFields';
import { CatalogueItemDialog } from '@/components/CatalogueItemDialog';
import type { CatalogueDialogProps } from '@/components/CatalogueManager';
import { withEntry } from '@/lib/catalogue-list';
import { CATALOGUE_NOTE_MAX } from '@/lib/limits';
import { useSaveUniforms, type Uniform, type UniformList } from '../api/uniforms';
import {
  addAttachment,
  draftOf,
  draftProblem,
  entryOf,
  GEAR_SLOTS,
  removeAttachment,
  saveErrorText,
  setAttachment,
  setGear,
  UNIFORM_CREATED,
  UNIFORM_UPDATED,
} from '../lib/uniforms';

export interface UniformModalProps extends CatalogueDialogProps<Uniform, UniformList> {
  slug: string;
}

/**
 * 'Add uniform' or 'Edit {name}' (command-and-reports §2 "Uniform management", §4, §5, §8):
 * Name, Image URL, Summary (stored as notes), the rank-access chips, one text area per gear
 * slot (the notes slot three rows, the others two) and the attachments with add and remove;
 * 'Create uniform' or 'Save changes', and Cancel.
 *
 * The edit is applied to the list, which is saved whole; the server's answer replaces the
 * list. The dialog stays open until then (CatalogueItemDialog).
 */
export function UniformModal({ slug, entry: uniform, list, onReload, onClose }: UniformModalProps) {
  const save = useSaveUniforms(slug);
  const creating = uniform === null;
  return (
    <CatalogueItemDialog
      title={creating ? 'Add uniform' : `Edit ${uniform.name}`}
      submitLabel={creating ? 'Create uniform' : 'Save changes'}
      start={() => draftOf(uniform)}
      validate={(draft) => ({ name: draftProblem(draft) })}
      prepare={(draft) => {
        const saved = entryOf(draft);
        return { input: { uniforms: withEntry(list.uniforms, saved), version: list.version }, name: saved.name };
      }}
      save={save}
      savedText={creating ? UNIFORM_CREATED : UNIFORM_UPDATED}
      saveErrorText={saveErrorText}
      onReload={onReload}
      onClose={onClose}
    >
      {({ draft, busy, change, update, error }) => (
        <>
          <CatalogueBasicFields
            value={{ ...draft, notes: draft.summary }}
            onChange={({ notes, ...rest }) => {
              update(notes === undefined ? rest : { ...rest, summary: notes });
            }}
            notesLabel="Summary"
            ranks={list.ranks}
            nameError={error('name')}
            disabled={busy}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Gear
            </Text>
            {GEAR_SLOTS.map(({ slot, label }) => (
              <Textarea
                key={slot}
                label={label}
                autosize
                minRows={slot === 'notes' ? 3 : 2}
                maxLength={CATALOGUE_NOTE_MAX}
                value={draft.gear[slot]}
                disabled={busy}
                onChange={(event) => {
                  change(setGear(draft, slot, event.currentTarget.value));
                }}
              />
            ))}
          </Stack>
          <Stack gap="xs" role="group" aria-label="Attachments">
            <Text size="sm" fw={500}>
              Attachments
            </Text>
            {draft.attachments.length === 0 && (
              <Text size="sm" c="dimmed">
                No attachments.
              </Text>
            )}
            <TextListInputs
              noun="Attachment"
              placeholder="e.g. Name tape"
              values={draft.attachments}
              disabled={busy}
              onChange={(index, value) => {
                change(setAttachment(draft, index, value));
              }}
              onRemove={(index) => {
                change(removeAttachment(draft, index));
              }}
              onAdd={() => {
                change(addAttachment(draft));
              }}
            />
          </Stack>
        </>
      )}
    </CatalogueItemDialog>
  );
}
