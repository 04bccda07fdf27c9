import { ActionIcon, Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { CatalogueImageField } from '@/components/CatalogueImageField';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { withEntry } from '@/lib/catalogue-list';
import { CATALOGUE_NAME_MAX, CATALOGUE_NOTE_MAX } from '@/lib/limits';
import { callFailure, useSaveEquipment, type Equipment, type EquipmentList } from '../api/equipment';
import {
  addItem,
  addSection,
  draftOf,
  draftProblem,
  entryOf,
  EQUIPMENT_CREATED,
  EQUIPMENT_UPDATED,
  isDirty,
  isStale,
  removeItem,
  removeSection,
  renameSection,
  saveErrorText,
  setItem,
  type EquipmentDraft,
} from '../lib/equipment';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

export interface EquipmentModalProps {
  slug: string;
  /** The entry to edit, or null to create one. */
  entry: Equipment | null;
  /** The management list as loaded now (its entries, ranks and version). */
  list: EquipmentList;
  /** Reloads the list (after a stale save). */
  onReload: () => void;
  onClose: () => void;
}

interface SaveProblem {
  message: string;
  stale: boolean;
}

/**
 * Add or edit an equipment entry (command-and-reports §2 "Equipment management", §4, §5, §8):
 * Name, Image URL, Notes, the rank-access chips, and sections with items ('Add section',
 * 'Add item', ✕ to remove an item; removing a section's last item leaves one empty item).
 *
 * Saving sends the whole list with this entry in it; the list behind the dialog shows the
 * change at once and the dialog stays open until the server answers, so that a refused save
 * keeps what was typed: the error shows here, and a stale save (409) offers Reload, after
 * which saving again applies this entry to the list as it is now. Title 'New equipment' or
 * 'Edit {name}', buttons 'Create equipment' or 'Save changes' (not given by the spec).
 */
export function EquipmentModal({ slug, entry, list, onReload, onClose }: EquipmentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [initial] = useState<EquipmentDraft>(() => draftOf(entry));
  const [draft, setDraft] = useState<EquipmentDraft>(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useSaveEquipment(slug);
  const busy = save.isPending;
  const dirty = isDirty(initial, draft);
  useUnsavedChanges(dirty && !save.isSuccess);

  const creating = entry === null;
  const title = creating ? 'New equipment' : `Edit ${entry.name}`;

  const change = (next: EquipmentDraft) => {
    setDraft(next);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = draftProblem(draft);
    setNameError(invalid);
    if (invalid !== null) return;
    setProblem(null);
    const saved = entryOf(draft);
    save.mutate(
      { equipment: withEntry(list.equipment, saved), version: list.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: creating ? EQUIPMENT_CREATED : EQUIPMENT_UPDATED, message: saved.name });
          onClose();
        },
        onError: (error) => {
          const failure = callFailure(error);
          setProblem({ message: saveErrorText(failure), stale: isStale(failure) });
        },
      },
    );
  };

  return (
    <Modal
      opened
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={MODAL_CLOSE}
      closeOnClickOutside={!dirty}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={CATALOGUE_NAME_MAX}
            value={draft.name}
            error={nameError}
            disabled={busy}
            onChange={(event) => {
              setNameError(null);
              change({ ...draft, name: event.currentTarget.value });
            }}
          />
          <CatalogueImageField
            value={draft.image}
            disabled={busy}
            onChange={(image) => {
              change({ ...draft, image });
            }}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxLength={CATALOGUE_NOTE_MAX}
            value={draft.notes}
            disabled={busy}
            onChange={(event) => {
              change({ ...draft, notes: event.currentTarget.value });
            }}
          />
          <RankAccessPicker
            label="Rank access"
            ranks={list.ranks}
            value={draft.allowedRanks}
            disabled={busy}
            onChange={(allowedRanks) => {
              change({ ...draft, allowedRanks });
            }}
          />
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              Sections
            </Text>
            {draft.sections.length === 0 && (
              <Text size="sm" c="dimmed">
                No sections yet.
              </Text>
            )}
            {draft.sections.map((section, sectionIndex) => {
              const sectionLabel = `Section ${String(sectionIndex + 1)}`;
              return (
                <Paper
                  key={sectionIndex}
                  withBorder
                  p="sm"
                  radius="md"
                  component="fieldset"
                  aria-label={sectionLabel}
                  data-testid="section-editor"
                  style={{ margin: 0, minWidth: 0 }}
                >
                  <Stack gap="xs">
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <TextInput
                        label="Section name"
                        placeholder="e.g. Weapons"
                        maxLength={CATALOGUE_NAME_MAX}
                        value={section.name}
                        disabled={busy}
                        style={{ flex: 1, minWidth: 0 }}
                        onChange={(event) => {
                          change(renameSection(draft, sectionIndex, event.currentTarget.value));
                        }}
                      />
                      <Button
                        variant="subtle"
                        color="red"
                        size="sm"
                        disabled={busy}
                        onClick={() => {
                          change(removeSection(draft, sectionIndex));
                        }}
                      >
                        Remove section
                      </Button>
                    </Group>
                    {section.items.map((item, itemIndex) => {
                      const itemLabel = `Item ${String(itemIndex + 1)}`;
                      return (
                        <Group key={itemIndex} gap="xs" wrap="nowrap">
                          <TextInput
                            aria-label={itemLabel}
                            placeholder="Item"
                            maxLength={CATALOGUE_NAME_MAX}
                            value={item}
                            disabled={busy}
                            style={{ flex: 1, minWidth: 0 }}
                            onChange={(event) => {
                              change(setItem(draft, sectionIndex, itemIndex, event.currentTarget.value));
                            }}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            disabled={busy}
                            aria-label={`Remove item ${String(itemIndex + 1)}`}
                            title="Remove item"
                            onClick={() => {
                              change(removeItem(draft, sectionIndex, itemIndex));
                            }}
                          >
                            ✕
                          </ActionIcon>
                        </Group>
                      );
                    })}
                    <Group>
                      <Button
                        variant="light"
                        size="xs"
                        disabled={busy}
                        onClick={() => {
                          change(addItem(draft, sectionIndex));
                        }}
                      >
                        Add item
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
            <Group>
              <Button
                variant="default"
                size="sm"
                disabled={busy}
                onClick={() => {
                  change(addSection(draft));
                }}
              >
                Add section
              </Button>
            </Group>
          </Stack>

          {problem !== null && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem.message}</Text>
                {problem.stale && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setProblem(null);
                      onReload();
                    }}
                  >
                    Reload
                  </Button>
                )}
              </Stack>
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {creating ? 'Create equipment' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
