import { Alert, Button, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface PickerDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: 'lg' | 'xl';
  /** Mounted only while open, so each opening starts with an empty search. */
  children: ReactNode;
}

/**
 * The dialog every search-and-pick list opens in: full screen on phones. Opened from another
 * dialog (a report form's, Create session), Escape closes the picker only.
 */
export function PickerDialog({ opened, onClose, title, size = 'lg', children }: PickerDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size={size}>
      {opened && children}
    </Dialog>
  );
}

/** The button beside each row: Select, Add or Remove. */
export interface PickAction {
  label: string;
  ariaLabel: string;
  onClick: () => void;
  variant?: 'light' | 'filled';
  color?: string;
  disabled?: boolean;
}

export interface SearchListProps<T> {
  /** The list's query state; the list shows a loader while pending and the error text on error. */
  status: 'pending' | 'error' | 'success';
  loadingText: string;
  errorTitle: string;
  /** Read only when status is 'error'. */
  errorText: () => string;
  /** Every item (for the empty text) and the items that match a search. */
  total: number;
  matching: (search: string) => readonly T[];
  searchPlaceholder: string;
  /** Said when there is nothing at all, and when nothing matches. */
  emptyText: string;
  noMatchText: string;
  listLabel: string;
  keyOf: (item: T) => string | number;
  /** The row's text (left of its button). */
  renderItem: (item: T) => ReactNode;
  action: (item: T) => PickAction;
  /** Enter in the search box acts on the only match, when there is one and it may be acted on. */
  onEnter: (only: T) => void;
  /** Further filters beside the search box (e.g. a category). */
  filters?: ReactNode;
  /** Below the list (e.g. the count chosen and Done). */
  footer?: ReactNode;
  itemTestId?: string;
  maxHeight?: string;
}

/**
 * One search-and-pick list for every picker (deputies, people, penal codes): a search box that
 * takes the focus, loading, error, empty and no-match states, and a row per match with its
 * button. Keyboard: type, then Enter picks the only match.
 */
export function SearchList<T>({
  status,
  loadingText,
  errorTitle,
  errorText,
  total,
  matching,
  searchPlaceholder,
  emptyText,
  noMatchText,
  listLabel,
  keyOf,
  renderItem,
  action,
  onEnter,
  filters,
  footer,
  itemTestId,
  maxHeight = '60vh',
}: SearchListProps<T>) {
  const [search, setSearch] = useState('');
  const matches = matching(search);
  const searchBox = (
    <TextInput
      label="Search"
      placeholder={searchPlaceholder}
      value={search}
      data-autofocus
      onChange={(event) => {
        setSearch(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          const only = matches.length === 1 ? matches[0] : undefined;
          if (only !== undefined) onEnter(only);
        }
      }}
    />
  );

  return (
    <Stack gap="sm">
      {filters === undefined ? (
        searchBox
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {searchBox}
          {filters}
        </SimpleGrid>
      )}
      {status === 'pending' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>{loadingText}</Text>
        </Group>
      ) : status === 'error' ? (
        <Alert color="red" variant="light" title={errorTitle} role="alert">
          {errorText()}
        </Alert>
      ) : matches.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {total === 0 ? emptyText : noMatchText}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto">
          <Stack gap="xs" role="list" aria-label={listLabel}>
            {matches.map((item) => {
              const button = action(item);
              return (
                <Paper key={keyOf(item)} withBorder p="xs" radius="sm" role="listitem" data-testid={itemTestId}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <div style={{ minWidth: 0 }}>{renderItem(item)}</div>
                    <Button
                      size="xs"
                      variant={button.variant ?? 'light'}
                      color={button.color}
                      disabled={button.disabled}
                      style={{ flexShrink: 0 }}
                      aria-label={button.ariaLabel}
                      onClick={button.onClick}
                    >
                      {button.label}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {footer}
    </Stack>
  );
}
