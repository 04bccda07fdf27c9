import { Button } from '@mantine/core';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { HighCommandNotice } from '@/components/HighCommandNotice';
import { Page } from '@/components/Page';
import { DEFAULT_AGENCY_SLUG } from '@/lib/active-agency';
import { useNavAccess } from '@/session/use-nav-access';
import { AgencyList } from './AgencyList';
import { CreateAgencyForm } from './CreateAgencyForm';
import { ImportAgencyDialog } from './ImportAgencyDialog';

export const ROOT_ONLY = 'This page is only available from the root agency administration site.';
export const NOT_ROOT_HIGH_COMMAND = 'You need High Command access on the root agency to manage agencies.';

/** Agencies admin (command-and-reports §2 Agencies admin, §5 Agency create, §8 Agencies). */
export function AgenciesPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const [importing, setImporting] = useState(false);
  if (slug !== DEFAULT_AGENCY_SLUG) return <HighCommandNotice title="Agencies">{ROOT_ONLY}</HighCommandNotice>;
  if (!access.isHighCommand) return <HighCommandNotice title="Agencies">{NOT_ROOT_HIGH_COMMAND}</HighCommandNotice>;
  return (
    <Page
      gap="lg"
      title="Agencies"
      description="Create and import agencies, hide them from the portal, set their badge, hero image and favicon, export them and keep their backups."
      actions={
        <Button
          variant="default"
          onClick={() => {
            setImporting(true);
          }}
        >
          Import agency
        </Button>
      }
    >
      {importing && (
        <ImportAgencyDialog
          activeSlug={slug}
          onClose={() => {
            setImporting(false);
          }}
        />
      )}
      <CreateAgencyForm activeSlug={slug} />
      <AgencyList activeSlug={slug} />
    </Page>
  );
}
