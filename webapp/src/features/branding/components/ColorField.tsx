import { Button, ColorInput, ColorSwatch, Group } from '@mantine/core';
import { COLOR_SWATCHES, editorColor } from '../lib/branding';

export interface ColorFieldProps {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onReset: () => void;
}

/** A colour picker with presets and Reset; a value that is not a colour shows white. */
export function ColorField({ label, value, disabled, onChange, onReset }: ColorFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ColorInput
        label={label}
        value={value}
        onChange={onChange}
        swatches={[...COLOR_SWATCHES]}
        swatchesPerRow={7}
        format="hex"
        fixOnBlur={false}
        withPreview={false}
        withEyeDropper={false}
        leftSection={<ColorSwatch color={editorColor(value)} size={18} />}
        disabled={disabled}
        style={{ flex: 1 }}
      />
      <Button variant="subtle" color="gray" size="sm" disabled={disabled} onClick={onReset} aria-label={`Reset ${label}`}>
        Reset
      </Button>
    </Group>
  );
}
