import { useAgency } from '@/agency/context';
import { PlaceholderPage } from '@/components/PlaceholderPage';
import { NotFound } from './NotFound';

/** /command/agencies exists only when the active agency has agency management enabled. */
export function AgenciesGate() {
  const { config } = useAgency();
  if (config?.flags.enableAgencyManagement !== true) return <NotFound />;
  return <PlaceholderPage title="Agencies" />;
}
