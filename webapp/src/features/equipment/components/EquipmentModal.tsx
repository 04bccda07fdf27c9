import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { CatalogueBasicFields, TextListInputs } from '@/components/CatalogueFields';
import { CatalogueItemDialog } from '@/components/CatalogueItemDialog';
import type { CatalogueDialogProps } from '@/components/CatalogueManager';
import { EditableRows, RemoveRowButton } from '@/components/EditableRows';
import { withEntry } from '@/lib/catalogue-list';
import { CATALOGUE_NAME_MAX } from '@/lib/limits';
import { useSaveEquipment, type Equipment, type EquipmentList } from '../api/equipment';
import {
  addItem,
  addSection,
  draftOf,
  draftProblem,
  entryOf,
  EQUIPMENT_CREATED,
  EQUIPMENT_UPDATED,
  removeItem,
  removeSection,
  saveErrorText,
  setItem,
} from '../lib/equipment';

export interface EquipmentModalProps extends CatalogueDialogProps<Equipment, EquipmentList> {
  slug: string;
}

/**
 * Add or edit an equipment entry (command-and-reports §2 "Equipment management", §4, §5, §8):
 * Name, Image URL, Notes, the rank-access chips, and sections with items ('Add section',
 * 'Add item', ✕ to remove an item; removing a section's last item leaves one empty item).
 *
 * Saving sends the whole list with this entry in it; the list behind the dialog shows the
 * change at once and the dialog stays open until the server answers (CatalogueItemDialog).
 * Title 'New equipment' or 'Edit {name}', buttons 'Create equipment' or 'Save changes' (not
 * given by the spec).
 */
export function EquipmentModal({ slug, entry, list, onReload, onClose }: EquipmentModalProps) {
  const save = useSaveEquipment(slug);
  const creating = entry === null;
  return (
    <CatalogueItemDialog
      title={creating ? 'New equipment' : `Edit ${entry.name}`}
      submitLabel={creating ? 'Create equipment' : 'Save changes'}
      start={() => draftOf(entry)}
      validate={(draft) => ({ name: draftProblem(draft) })}
      prepare={(draft) => {
        const saved = entryOf(draft);
        return { input: { equipment: withEntry(list.equipment, saved), version: list.version }, name: saved.name };
      }}
      save={save}
      savedText={creating ? EQUIPMENT_CREATED : EQUIPMENT_UPDATED}
      saveErrorText={saveErrorText}
      onReload={onReload}
      onClose={onClose}
    >
      {({ form, draft, busy, change, update, error }) => (
        <>
          <CatalogueBasicFields value={draft} onChange={update} ranks={list.ranks} nameError={error('name')} disabled={busy} />
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              Sections
            </Text>
            <EditableRows
              rows={draft.sections}
              keyOf={(_section, sectionIndex) => sectionIndex}
              empty="No sections yet."
              addLabel="Add section"
              addSize="sm"
              addVariant="default"
              disabled={busy}
              onAdd={() => {
                change(addSection(draft));
              }}
            >
              {(section, sectionIndex) => (
                <Paper
                  withBorder
                  p="sm"
                  radius="md"
                  component="fieldset"
                  aria-label={`Section ${String(sectionIndex + 1)}`}
                  data-testid="section-editor"
                  style={{ margin: 0, minWidth: 0 }}
                >
                  <Stack gap="xs">
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <TextInput
                        label="Section name"
                        placeholder="e.g. Weapons"
                        maxLength={CATALOGUE_NAME_MAX}
                        disabled={busy}
                        style={{ flex: 1, minWidth: 0 }}
                        {...form.getInputProps(`sections.${String(sectionIndex)}.name`)}
                      />
                      <RemoveRowButton
                        size="sm"
                        disabled={busy}
                        onClick={() => {
                          change(removeSection(draft, sectionIndex));
                        }}
                      >
                        Remove section
                      </RemoveRowButton>
                    </Group>
                    <TextListInputs
                      noun="Item"
                      placeholder="Item"
                      values={section.items}
                      disabled={busy}
                      onChange={(itemIndex, value) => {
                        change(setItem(draft, sectionIndex, itemIndex, value));
                      }}
                      onRemove={(itemIndex) => {
                        change(removeItem(draft, sectionIndex, itemIndex));
                      }}
                      onAdd={() => {
                        change(addItem(draft, sectionIndex));
                      }}
                    />
                  </Stack>
                </Paper>
              )}
            </EditableRows>
          </Stack>
        </>
      )}
    </CatalogueItemDialog>
  );
}
