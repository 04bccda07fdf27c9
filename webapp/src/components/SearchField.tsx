import { TextInput, type TextInputProps } from '@mantine/core';

export interface SearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  /** The text as typed, on every keystroke. */
  onSearch: (text: string) => void;
}

/** A list's search box: labelled 'Search' unless told otherwise, the text handed over as typed. */
export function SearchField({ value, onSearch, label = 'Search', ...input }: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => {
        onSearch(event.currentTarget.value);
      }}
      {...input}
    />
  );
}
