import { Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { CatalogueBasicFields } from '@/components/CatalogueFields';
import { FormDialog } from '@/components/Dialog';
import { EditableRows, RemoveIconButton } from '@/components/EditableRows';
import { setFields } from '@/components/form-errors';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import { RequiredQualificationsField } from '@/components/RequiredQualifications';
import { SaveProblemAlert } from '@/components/SaveProblemAlert';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import type { SaveProblem } from '@/lib/catalogue-failure';
import type { RankOption } from '../api/vehicles';
import { draftErrors, newLivery, newVariant, type VehicleDraft } from '../lib/vehicle-editor';

export type { SaveProblem };

export interface VehicleEditorModalProps {
  /** The vehicle as opened (`draftOf`): a new one, or one from the list. */
  start: VehicleDraft;
  /** Hidden while its save is under way: the spec's vehicle save closes the dialog first. */
  opened: boolean;
  ranks: readonly RankOption[];
  saveProblem: SaveProblem | null;
  reloading: boolean;
  /** A draft that passed the checks of §5. */
  onSubmit: (draft: VehicleDraft) => void;
  onCancel: () => void;
  onReload: () => void;
}

/** A variant's or livery's name (a field of the form at `path`) with the button that removes it. */
function NameRow({
  form,
  path,
  label,
  removeLabel,
  onRemove,
}: {
  form: UseFormReturnType<VehicleDraft>;
  path: string;
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} style={{ flex: 1, minWidth: 0 }} {...form.getInputProps(path)} />
      <RemoveIconButton label={removeLabel} onClick={onRemove} />
    </Group>
  );
}

/**
 * The vehicle dialog (command-and-reports §2): Name, Image URL, Notes, the vehicle-access
 * chips, the required qualifications (issue 23), and variants that each hold liveries with a
 * name, their own rank chips and the qualifications they require, on
 * @mantine/form (every refusal of §5 under its field). Enter in a text field saves; on phones
 * the dialog fills the screen. The fields above the variants are the other catalogues'
 * (CatalogueBasicFields). The spec's vehicle save closes the dialog first: the page hides it
 * (`opened`) while the save is under way, and a refused save shows it again with the edits
 * and the error at the top. Closing it or leaving the screen with unsaved edits asks first.
 */
export function VehicleEditorModal({ start, opened, ranks, saveProblem, reloading, onSubmit, onCancel, onReload }: VehicleEditorModalProps) {
  const form = useForm<VehicleDraft>({ mode: 'controlled', initialValues: start, validate: draftErrors });
  const draft = form.values;
  const creating = draft.id === '';
  const dirty = form.isDirty();
  useUnsavedChanges(opened && dirty);

  return (
    <FormDialog
      opened={opened}
      title={creating ? 'Add vehicle' : `Edit ${draft.name.trim() === '' ? 'vehicle' : draft.name}`}
      size="xl"
      submitLabel={creating ? 'Create vehicle' : 'Save changes'}
      dirty={dirty}
      onSubmit={form.onSubmit(onSubmit)}
      onClose={onCancel}
      data-testid="vehicle-form"
    >
      {saveProblem !== null && (
        <SaveProblemAlert problem={saveProblem} onReload={onReload} reloading={reloading} data-testid="vehicle-save-error" />
      )}
      <CatalogueBasicFields
        value={draft}
        onChange={(patch) => {
          setFields(form, patch);
        }}
        ranks={ranks}
        nameError={typeof form.errors.name === 'string' ? form.errors.name : null}
        accessLabel="Vehicle access"
        accessTestId="vehicle-access"
      />

      <Stack gap="sm">
        <Title order={3} size="h5">
          Variants
        </Title>
        <EditableRows
          rows={draft.variants}
          keyOf={(variant) => variant.key}
          empty="No variants yet."
          addLabel="Add variant"
          onAdd={() => {
            form.insertListItem('variants', newVariant());
          }}
        >
          {(variant, variantIndex) => {
            const variantLabel = `Variant ${String(variantIndex + 1)}`;
            const variantPath = `variants.${String(variantIndex)}`;
            return (
              <Paper withBorder p="sm" radius="md" role="group" aria-label={variantLabel} data-testid="variant-editor">
                <Stack gap="sm">
                  <NameRow
                    form={form}
                    path={`${variantPath}.name`}
                    label="Variant name"
                    removeLabel={`Remove ${variantLabel.toLowerCase()}`}
                    onRemove={() => {
                      form.removeListItem('variants', variantIndex);
                    }}
                  />
                  <EditableRows
                    rows={variant.liveries}
                    keyOf={(livery) => livery.key}
                    addLabel="Add livery"
                    onAdd={() => {
                      form.insertListItem(`${variantPath}.liveries`, newLivery());
                    }}
                  >
                    {(livery, liveryIndex) => {
                      const liveryLabel = `Livery ${String(liveryIndex + 1)}`;
                      const liveryPath = `${variantPath}.liveries.${String(liveryIndex)}`;
                      return (
                        <Paper
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
                              form={form}
                              path={`${liveryPath}.name`}
                              label="Livery name"
                              removeLabel={`Remove ${liveryLabel.toLowerCase()} of ${variantLabel.toLowerCase()}`}
                              onRemove={() => {
                                form.removeListItem(`${variantPath}.liveries`, liveryIndex);
                              }}
                            />
                            <RankAccessPicker
                              label="Livery access"
                              compact
                              ranks={ranks}
                              value={livery.rankIds}
                              onChange={(rankIds) => {
                                form.setFieldValue(`${liveryPath}.rankIds`, rankIds);
                              }}
                            />
                            <RequiredQualificationsField
                              compact
                              label="Livery requires"
                              value={livery.requiredQualifications}
                              onChange={(required) => {
                                form.setFieldValue(`${liveryPath}.requiredQualifications`, required);
                              }}
                            />
                          </Stack>
                        </Paper>
                      );
                    }}
                  </EditableRows>
                </Stack>
              </Paper>
            );
          }}
        </EditableRows>
      </Stack>
    </FormDialog>
  );
}
