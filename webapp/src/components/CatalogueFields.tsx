import { Group, Textarea, TextInput } from '@mantine/core';
import { CatalogueImageField } from '@/components/CatalogueImageField';
import { EditableRows, RemoveIconButton } from '@/components/EditableRows';
import { RankAccessPicker } from '@/components/RankAccessPicker';
import { RequiredQualificationsField } from '@/components/RequiredQualifications';
import type { CatalogueBasics } from '@/lib/catalogue-list';
import { CATALOGUE_NAME_MAX, CATALOGUE_NOTE_MAX } from '@/lib/limits';
import type { RankChoice } from '@/lib/rank-list';


export interface CatalogueBasicFieldsProps {
  value: CatalogueBasics;
  /** The fields that changed. */
  onChange: (patch: Partial<CatalogueBasics>) => void;
  /** The ranks to pick from (`ranks` of the catalogue answer). */
  ranks: readonly RankChoice[];
  /** 'Vehicle name is required' and the like, under Name. */
  nameError: string | null;
  disabled?: boolean;
  /** 'Notes', or 'Summary' for a uniform (stored as notes). */
  notesLabel?: string;
  /** The legend of the rank chips: 'Rank access', or 'Vehicle access'. */
  accessLabel?: string;
  accessTestId?: string;
}

/**
 * The top of a catalogue editor (command-and-reports §2): Name (required, focused first),
 * Image URL (with upload), Notes, the rank-access chips and the required qualifications (issue
 * 23), each limited to what the server stores.
 */
export function CatalogueBasicFields({
  value,
  onChange,
  ranks,
  nameError,
  disabled = false,
  notesLabel = 'Notes',
  accessLabel = 'Rank access',
  accessTestId,
}: CatalogueBasicFieldsProps) {
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={CATALOGUE_NAME_MAX}
        value={value.name}
        error={nameError}
        disabled={disabled}
        onChange={(event) => {
          onChange({ name: event.currentTarget.value });
        }}
      />
      <CatalogueImageField
        value={value.image}
        disabled={disabled}
        onChange={(image) => {
          onChange({ image });
        }}
      />
      <Textarea
        label={notesLabel}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CATALOGUE_NOTE_MAX}
        value={value.notes}
        disabled={disabled}
        onChange={(event) => {
          onChange({ notes: event.currentTarget.value });
        }}
      />
      <RankAccessPicker
        label={accessLabel}
        ranks={ranks}
        value={value.allowedRanks}
        disabled={disabled}
        onChange={(allowedRanks) => {
          onChange({ allowedRanks });
        }}
        data-testid={accessTestId}
      />
      <RequiredQualificationsField
        value={value.requiredQualifications}
        disabled={disabled}
        onChange={(requiredQualifications) => {
          onChange({ requiredQualifications });
        }}
      />
    </>
  );
}

export interface TextListInputsProps {
  /** What one line is: 'Item' gives the inputs 'Item 1', 'Item 2', ✕ 'Remove item 1' and 'Add item'. */
  noun: string;
  values: readonly string[];
  placeholder: string;
  disabled?: boolean;
  onChange: (index: number, value: string) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}

/**
 * A list of one-line texts with a ✕ each and an Add button (a section's items, a uniform's
 * attachments). The inputs are named '{noun} {n}' for screen readers; the ✕ says what it
 * removes.
 */
export function TextListInputs({ noun, values, placeholder, disabled = false, onChange, onRemove, onAdd }: TextListInputsProps) {
  const lower = noun.toLowerCase();
  return (
    <EditableRows rows={values} keyOf={(_value, index) => index} addLabel={`Add ${lower}`} disabled={disabled} onAdd={onAdd}>
      {(value, index) => {
        const number = String(index + 1);
        return (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`${noun} ${number}`}
              placeholder={placeholder}
              maxLength={CATALOGUE_NAME_MAX}
              value={value}
              disabled={disabled}
              style={{ flex: 1, minWidth: 0 }}
              onChange={(event) => {
                onChange(index, event.currentTarget.value);
              }}
            />
            <RemoveIconButton
              label={`Remove ${lower} ${number}`}
              color="gray"
              disabled={disabled}
              onClick={() => {
                onRemove(index);
              }}
            />
          </Group>
        );
      }}
    </EditableRows>
  );
}
