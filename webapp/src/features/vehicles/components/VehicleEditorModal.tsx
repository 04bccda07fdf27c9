import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CatalogueBasicFields } from '@/components/CatalogueFields';
import { CatalogueDialogFrame } from '@/components/CatalogueItemDialog';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import type { SaveProblem } from '@/lib/catalogue-failure';
import type { RankOption } from '../api/vehicles';
import {
  newLivery,
  newVariant,
  type LiveryDraft,
  type VariantDraft,
  type VehicleDraft,
  VEHICLE_NAME_REQUIRED,
} from '../lib/vehicle-editor';

export type { SaveProblem };

export interface VehicleEditorModalProps {
  draft: VehicleDraft;
  /** Unsaved edits: a click beside the dialog does not drop them. */
  dirty: boolean;
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

/** A variant's or livery's name with the button that removes it. */
function NameRow({
  label,
  value,
  onChange,
  removeLabel,
  onRemove,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        style={{ flex: 1, minWidth: 0 }}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
      />
      <RemoveButton label={removeLabel} onClick={onRemove} />
    </Group>
  );
}

/**
 * The vehicle dialog (command-and-reports §2): Name, Image URL, Notes, the vehicle-access
 * chips, and variants that each hold liveries with a name and their own rank chips. Enter in a
 * text field saves; on phones the dialog fills the screen. The frame and the fields above the
 * variants are the other catalogues' (CatalogueDialogFrame, CatalogueBasicFields); a refused
 * save shows at the top, because the dialog comes back after the save closed it (the spec's
 * vehicle save closes the dialog first).
 */
export function VehicleEditorModal({
  draft,
  dirty,
  ranks,
  problem,
  saveProblem,
  reloading,
  onChange,
  onSubmit,
  onCancel,
  onReload,
}: VehicleEditorModalProps) {
  const creating = draft.id === '';

  const setVariant = (index: number, variant: VariantDraft) => {
    onChange({ ...draft, variants: draft.variants.map((v, i) => (i === index ? variant : v)) });
  };
  const setLivery = (variantIndex: number, variant: VariantDraft, liveryIndex: number, livery: LiveryDraft) => {
    setVariant(variantIndex, { ...variant, liveries: variant.liveries.map((l, i) => (i === liveryIndex ? livery : l)) });
  };

  return (
    <CatalogueDialogFrame
      title={creating ? 'Add vehicle' : `Edit ${draft.name.trim() === '' ? 'vehicle' : draft.name}`}
      size="xl"
      submitLabel={creating ? 'Create vehicle' : 'Save changes'}
      dirty={dirty}
      onSubmit={onSubmit}
      onClose={onCancel}
      data-testid="vehicle-form"
    >
      {saveProblem !== null && (
        <SaveProblemAlert problem={saveProblem} onReload={onReload} reloading={reloading} data-testid="vehicle-save-error" />
      )}
      <CatalogueBasicFields
        value={draft}
        onChange={(patch) => {
          onChange({ ...draft, ...patch });
        }}
        ranks={ranks}
        nameError={problem === VEHICLE_NAME_REQUIRED ? problem : null}
        accessLabel="Vehicle access"
        accessTestId="vehicle-access"
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
                <NameRow
                  label="Variant name"
                  value={variant.name}
                  onChange={(name) => {
                    setVariant(variantIndex, { ...variant, name });
                  }}
                  removeLabel={`Remove ${variantLabel.toLowerCase()}`}
                  onRemove={() => {
                    onChange({ ...draft, variants: draft.variants.filter((_, i) => i !== variantIndex) });
                  }}
                />
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
                        <NameRow
                          label="Livery name"
                          value={livery.name}
                          onChange={(name) => {
                            setLivery(variantIndex, variant, liveryIndex, { ...livery, name });
                          }}
                          removeLabel={`Remove ${liveryLabel.toLowerCase()} of ${variantLabel.toLowerCase()}`}
                          onRemove={() => {
                            setVariant(variantIndex, {
                              ...variant,
                              liveries: variant.liveries.filter((_, i) => i !== liveryIndex),
                            });
                          }}
                        />
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
    </CatalogueDialogFrame>
  );
}
