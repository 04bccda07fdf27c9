import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { CatalogueImageField } from '@/components/CatalogueImageField';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { withEntry } from '@/lib/catalogue-list';
import { CATALOGUE_NAME_MAX, CATALOGUE_NOTE_MAX } from '@/lib/limits';
import { callFailure, useSaveUniforms, type Uniform, type UniformList } from '../api/uniforms';
import {
  addAttachment,
  draftOf,
  draftProblem,
  entryOf,
  GEAR_SLOTS,
  isDirty,
  isStale,
  removeAttachment,
  saveErrorText,
  setAttachment,
  setGear,
  UNIFORM_CREATED,
  UNIFORM_UPDATED,
  type UniformDraft,
} from '../lib/uniforms';

const MODAL_CLOSE = { 'aria-label': 'Close this dialog' };

export interface UniformModalProps {
  slug: string;
  /** The uniform to edit, or null to add one. */
  uniform: Uniform | null;
  /** The management list as loaded now (its uniforms, ranks and version). */
  list: UniformList;
  /** Reloads the list (after a stale save). */
  onReload: () => void;
  onClose: () => void;
}

interface SaveProblem {
  message: string;
  stale: boolean;
}

/**
 * 'Add uniform' or 'Edit {name}' (command-and-reports §2 "Uniform management", §4, §5, §8):
 * Name, Image URL, Summary (stored as notes), the rank-access chips, one text area per gear
 * slot (the notes slot three rows, the others two) and the attachments with add and remove;
 * 'Create uniform' or 'Save changes', and Cancel.
 *
 * The edit is applied to the list, which is saved whole; the server's answer replaces the
 * list. The dialog stays open until then, so a refused save keeps what was typed: the error
 * shows here, and a stale save (409) offers Reload, after which saving again applies this
 * uniform to the list as it is now.
 */
export function UniformModal({ slug, uniform, list, onReload, onClose }: UniformModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [initial] = useState<UniformDraft>(() => draftOf(uniform));
  const [draft, setDraft] = useState<UniformDraft>(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useSaveUniforms(slug);
  const busy = save.isPending;
  const dirty = isDirty(initial, draft);
  useUnsavedChanges(dirty && !save.isSuccess);

  const creating = uniform === null;
  const title = creating ? 'Add uniform' : `Edit ${uniform.name}`;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = draftProblem(draft);
    setNameError(invalid);
    if (invalid !== null) return;
    setProblem(null);
    const saved = entryOf(draft);
    save.mutate(
      { uniforms: withEntry(list.uniforms, saved), version: list.version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: creating ? UNIFORM_CREATED : UNIFORM_UPDATED, message: saved.name });
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
              setDraft({ ...draft, name: event.currentTarget.value });
            }}
          />
          <CatalogueImageField
            value={draft.image}
            disabled={busy}
            onChange={(image) => {
              setDraft({ ...draft, image });
            }}
          />
          <Textarea
            label="Summary"
            autosize
            minRows={2}
            maxLength={CATALOGUE_NOTE_MAX}
            value={draft.summary}
            disabled={busy}
            onChange={(event) => {
              setDraft({ ...draft, summary: event.currentTarget.value });
            }}
          />
          <RankAccessPicker
            label="Rank access"
            ranks={list.ranks}
            value={draft.allowedRanks}
            disabled={busy}
            onChange={(allowedRanks) => {
              setDraft({ ...draft, allowedRanks });
            }}
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
                  setDraft(setGear(draft, slot, event.currentTarget.value));
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
            {draft.attachments.map((attachment, index) => {
              const label = `Attachment ${String(index + 1)}`;
              return (
                <Group key={index} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={label}
                    placeholder="e.g. Name tape"
                    maxLength={CATALOGUE_NAME_MAX}
                    value={attachment}
                    disabled={busy}
                    style={{ flex: 1, minWidth: 0 }}
                    onChange={(event) => {
                      setDraft(setAttachment(draft, index, event.currentTarget.value));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    disabled={busy}
                    aria-label={`Remove attachment ${String(index + 1)}`}
                    title="Remove attachment"
                    onClick={() => {
                      setDraft(removeAttachment(draft, index));
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
                  setDraft(addAttachment(draft));
                }}
              >
                Add attachment
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
              {creating ? 'Create uniform' : 'Save changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
