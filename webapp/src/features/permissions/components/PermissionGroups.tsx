import { Accordion, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { itemCount, type PermissionCard, type PermissionGroup } from '../lib/permissions-editor';

export const UNSAVED_MARKER = 'Unsaved changes';

/** The element id of a group, for the jump control. */
export function groupElementId(id: string): string {
  return `permission-group-${id}`;
}

export interface PermissionGroupsProps {
  groups: readonly PermissionGroup[];
  /** The ids of the open groups. */
  open: readonly string[];
  onOpenChange: (open: string[]) => void;
  /** The ids of the cards with unsaved changes: their group's header says so. */
  changed: ReadonlySet<string>;
  renderCard: (card: PermissionCard) => ReactNode;
}

/**
 * The permission cards by the menu's sections (issue 21): each section a group that collapses,
 * its header a button (Enter or Space; `aria-expanded` tells whether it is open) inside a level-2
 * heading, with the number of items and 'Unsaved changes' when one of its cards has some, open
 * or not. A collapsed group keeps its cards' edits: they live in the page's draft.
 */
export function PermissionGroups({ groups, open, onOpenChange, changed, renderCard }: PermissionGroupsProps) {
  return (
    <Accordion multiple value={[...open]} onChange={onOpenChange} order={2} variant="separated" radius="md">
      {groups.map((group) => (
        <Accordion.Item
          key={group.id}
          value={group.id}
          id={groupElementId(group.id)}
          data-testid={groupElementId(group.id)}
          // A jump leaves the group's header below the fixed top bar.
          style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-sm))' }}
        >
          <Accordion.Control>
            <Group gap="xs" wrap="wrap" component="span">
              {/* The spaces between the parts keep the header's name readable: 'Command 12 items Unsaved changes'. */}
              <Text span fw={700}>
                {group.label}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                {itemCount(group.cards.length)}
              </Text>
              {group.cards.some((card) => changed.has(card.id)) && (
                <>
                  {' '}
                  <Badge component="span" color="orange" variant="light" size="sm">
                    {UNSAVED_MARKER}
                  </Badge>
                </>
              )}
            </Group>
          </Accordion.Control>
          {/* The cards are the regions; the panel needs no landmark of its own (its name would repeat the section card's). */}
          <Accordion.Panel role={undefined}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {group.cards.map((card) => (
                <Fragment key={card.id}>{renderCard(card)}</Fragment>
              ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
