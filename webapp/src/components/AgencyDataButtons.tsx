import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { AgencyBackupsDialog } from './AgencyBackupsDialog';
import { ExportAgencyDialog } from './ExportAgencyDialog';

export interface AgencyDataButtonsProps {
  /** The agency exported and backed up. */
  slug: string;
  name: string;
  /** The active agency the calls go out for (the root agency's for another agency). */
  activeSlug: string;
  size?: 'xs' | 'sm';
}

/**
 * Export and Backups of one agency (issue 27): on each agency of the Agencies screen (root High
 * Command) and on an agency's own Branding ("Data and backups").
 */
export function AgencyDataButtons({ slug, name, activeSlug, size = 'xs' }: AgencyDataButtonsProps) {
  const [open, setOpen] = useState<'export' | 'backups' | null>(null);
  const close = () => {
    setOpen(null);
  };
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          size={size}
          variant="default"
          aria-label={`Export ${name}`}
          onClick={() => {
            setOpen('export');
          }}
        >
          Export
        </Button>
        <Button
          size={size}
          variant="default"
          aria-label={`Backups of ${name}`}
          onClick={() => {
            setOpen('backups');
          }}
        >
          Backups
        </Button>
      </Group>
      {open === 'export' && <ExportAgencyDialog slug={slug} name={name} onClose={close} />}
      {open === 'backups' && <AgencyBackupsDialog slug={slug} name={name} activeSlug={activeSlug} onClose={close} />}
    </>
  );
}
