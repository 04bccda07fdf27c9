import { Button, CheckIcon, Menu, Text } from '@mantine/core';
import { useAgency } from '@/agency/context';
import { agencyLabel } from '@/lib/active-agency';

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** Dropdown of the visible agencies; the active one carries a check. Closes on outside click. */
export function AgencySwitcher() {
  const { agencies, slug, selectAgency, switchDestination, config } = useAgency();
  const current = agencies.find((agency) => agency.slug === slug);
  // Without the list (it failed), the loaded configuration names the agency.
  const named = current ?? (config !== null && config.slug === slug ? config : undefined);
  const label = named ? agencyLabel(named) : 'Agency';

  return (
    <Menu position="bottom-end" shadow="md" width={260} closeOnClickOutside withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          rightSection={<Chevron />}
          aria-label="Switch agency"
          data-testid="agency-switcher"
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Agencies</Menu.Label>
        {agencies.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            No agencies available
          </Text>
        ) : (
          agencies.map((agency) => {
            const active = agency.slug === slug;
            // An agency on its own domain opens there: the item says so before the member picks it.
            const destination = switchDestination(agency.slug);
            return (
              <Menu.Item
                key={agency.slug}
                aria-current={active ? 'true' : undefined}
                data-active={active || undefined}
                leftSection={active ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                onClick={() => {
                  selectAgency(agency.slug);
                }}
              >
                {agencyLabel(agency)}
                {destination !== null && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="switch-destination">
                    {`Opens ${destination}`}
                  </Text>
                )}
              </Menu.Item>
            );
          })
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
