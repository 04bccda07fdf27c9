import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SyntheticEvent } from 'react';
import { CatalogueImageField } from '@/components/CatalogueImageField';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import type { RankOption } from '../api/vehicles';
import {
  newLivery,
  newVariant,
  type LiveryDraft,
  type VariantDraft,
  type VehicleDraft,
  VEHICLE_NAME_REQUIRED,
} from '../lib/vehicle-editor';

/** A failed save shown in the dialog: the text, and whether it was stale (409: offer Reload). */
export interface SaveProblem {
  message: string;
  stale: boolean;
}

export interface VehicleEditorModalProps {
  draft: VehicleDraft;
  ranks: readonly RankOption[];
  /** 'Vehicle name is required' and the like, after a submit. */
  problem: string | null;
  saveProblem: SaveProblem | null;
  reloading: boolean;
  onChange: (draft: VehicleDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onReload: () => void;
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true">✕</span>
    </ActionIcon>
  );
}

/**
 * The vehicle dialog (command-and-reports §2): Name, Image URL, Notes, the vehicle-access
 * chips, and variants that each hold liveries with a name and their own rank chips. Enter in a
 * text field saves; on phones the dialog fills the screen.
 */
export function VehicleEditorModal({
  draft,
  ranks,
  problem,
  saveProblem,
  reloading,
  onChange,
  onSubmit,
  onCancel,
  onReload,
}: VehicleEditorModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const creating = draft.id === '';

  const setVariant = (index: number, variant: VariantDraft) => {
    onChange({ ...draft, variants: draft.variants.map((v, i) => (i === index ? variant : v)) });
  };
  const setLivery = (variantIndex: number, variant: VariantDraft, liveryIndex: number, livery: LiveryDraft) => {
    setVariant(variantIndex, { ...variant, liveries: variant.liveries.map((l, i) => (i === liveryIndex ? livery : l)) });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={creating ? 'Add vehicle' : `Edit ${draft.name.trim() === '' ? 'vehicle' : draft.name}`}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate data-testid="vehicle-form">
        <Stack gap="md">
          {saveProblem !== null && (
            <Alert color="red" variant="light" role="alert" data-testid="vehicle-save-error">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{saveProblem.message}</Text>
                {saveProblem.stale && (
                  <Button size="xs" variant="light" color="red" loading={reloading} onClick={onReload}>
                    Reload
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            data-autofocus
            value={draft.name}
            error={problem === VEHICLE_NAME_REQUIRED ? problem : null}
            onChange={(event) => {
              onChange({ ...draft, name: event.currentTarget.value });
            }}
          />
          <CatalogueImageField
            value={draft.image}
            onChange={(image) => {
              onChange({ ...draft, image });
            }}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxRows={6}
            value={draft.notes}
            onChange={(event) => {
              onChange({ ...draft, notes: event.currentTarget.value });
            }}
          />
          <RankAccessPicker
            label="Vehicle access"
            ranks={ranks}
            value={draft.allowedRanks}
            onChange={(allowedRanks) => {
              onChange({ ...draft, allowedRanks });
            }}
            data-testid="vehicle-access"
          />

          <Stack gap="sm">
            <Title order={3} size="h5">
              Variants
            </Title>
            {draft.variants.length === 0 && (
              <Text size="sm" c="dimmed">
                No variants yet.
              </Text>
            )}
            {draft.variants.map((variant, variantIndex) => {
              const variantLabel = `Variant ${String(variantIndex + 1)}`;
              return (
                <Paper
                  key={variant.key}
                  withBorder
                  p="sm"
                  radius="md"
                  role="group"
                  aria-label={variantLabel}
                  data-testid="variant-editor"
                >
                  <Stack gap="sm">
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <TextInput
                        label="Variant name"
                        style={{ flex: 1, minWidth: 0 }}
                        value={variant.name}
                        onChange={(event) => {
                          setVariant(variantIndex, { ...variant, name: event.currentTarget.value });
                        }}
                      />
                      <RemoveButton
                        label={`Remove ${variantLabel.toLowerCase()}`}
                        onClick={() => {
                          onChange({ ...draft, variants: draft.variants.filter((_, i) => i !== variantIndex) });
                        }}
                      />
                    </Group>
                    {variant.liveries.map((livery, liveryIndex) => {
                      const liveryLabel = `Livery ${String(liveryIndex + 1)}`;
                      return (
                        <Paper
                          key={livery.key}
                          withBorder
                          p="sm"
                          ml={{ base: 0, sm: 'md' }}
                          bg="var(--mantine-color-dark-7)"
                          role="group"
                          aria-label={liveryLabel}
                          data-testid="livery-editor"
                        >
                          <Stack gap="xs">
                            <Group gap="xs" align="flex-end" wrap="nowrap">
                              <TextInput
                                label="Livery name"
                                style={{ flex: 1, minWidth: 0 }}
                                value={livery.name}
                                onChange={(event) => {
                                  setLivery(variantIndex, variant, liveryIndex, {
                                    ...livery,
                                    name: event.currentTarget.value,
                                  });
                                }}
                              />
                              <RemoveButton
                                label={`Remove ${liveryLabel.toLowerCase()} of ${variantLabel.toLowerCase()}`}
                                onClick={() => {
                                  setVariant(variantIndex, {
                                    ...variant,
                                    liveries: variant.liveries.filter((_, i) => i !== liveryIndex),
                                  });
                                }}
                              />
                            </Group>
                            <RankAccessPicker
                              label="Livery access"
                              compact
                              ranks={ranks}
                              value={livery.rankIds}
                              onChange={(rankIds) => {
                                setLivery(variantIndex, variant, liveryIndex, { ...livery, rankIds });
                              }}
                            />
                          </Stack>
                        </Paper>
                      );
                    })}
                    <Group>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setVariant(variantIndex, { ...variant, liveries: [...variant.liveries, newLivery()] });
                        }}
                      >
                        Add livery
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
            <Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  onChange({ ...draft, variants: [...draft.variants, newVariant()] });
                }}
              >
                Add variant
              </Button>
            </Group>
          </Stack>

          {problem !== null && problem !== VEHICLE_NAME_REQUIRED && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">{creating ? 'Create vehicle' : 'Save changes'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
