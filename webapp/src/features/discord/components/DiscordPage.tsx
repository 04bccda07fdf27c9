import { LoaNotice } from '@/components/LoaNotice';
import { Page } from '@/components/Page';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { DISCORD_TITLE } from '../lib/discord';
import { RoleDifferences } from './RoleDifferences';
import { RoleLinks } from './RoleLinks';
import { SettingsCard } from './SettingsCard';

/**
 * Command → Discord (issue 22): the agency's Discord server and bot (High Command changes
 * them), the structure's links to Discord roles and which way each goes, and where members'
 * roles differ from the roster, with the syncs that fix them. Members on leave of absence read
 * it all and change nothing.
 */
export function DiscordPage() {
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  return (
    <Page
      size="xl"
      title={DISCORD_TITLE}
      description="The agency's Discord server and bot, the roles that follow the roster, and where members' roles differ from it."
    >
      {isOnLeave(access.viewer) && <LoaNotice />}
      <SettingsCard writable={writable} />
      <RoleLinks writable={writable} />
      <RoleDifferences writable={writable} />
    </Page>
  );
}
