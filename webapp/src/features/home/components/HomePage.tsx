import { Anchor, Box, Card, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAgency } from '@/agency/context';
import builtInBadge from '@/assets/badge.svg';
import { HomeHero } from '@/components/HomeHero';
import { isInternalHref, resolveHome, type HomeCardView } from '@/lib/home';
import { useNavAccess } from '@/session/use-nav-access';

export const HIDDEN_FROM_MEMBERS = 'Members do not see this card until it has a title and a description.';
export const OPEN_BRANDING = 'Open Branding';

/**
 * A card that lacks its title or description, as those who edit branding see it: dashed, with
 * its placeholders, a line saying members do not see it and a link to Branding.
 */
function IncompleteCard({ card }: { card: HomeCardView }) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%" style={{ borderStyle: 'dashed' }} data-testid="home-card-incomplete">
      <Stack gap={6}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {card.title}
        </Text>
        <Text size="sm" c="dimmed">
          {card.description}
        </Text>
        <Text size="xs" c="dimmed">
          {HIDDEN_FROM_MEMBERS}
        </Text>
        <Anchor component={Link} to="/command/branding" size="sm">
          {OPEN_BRANDING}
        </Anchor>
      </Stack>
    </Card>
  );
}

function HomeCard({ card }: { card: HomeCardView }) {
  if (card.incomplete) return <IncompleteCard card={card} />;
  const content = (
    <Stack gap={6}>
      <Text fw={700} size="lg">
        {card.title}
      </Text>
      <Text size="sm" c="dimmed">
        {card.description}
      </Text>
    </Stack>
  );
  const common = { withBorder: true, padding: 'lg', radius: 'md', h: '100%' } as const;
  if (card.href === '') return <Card {...common}>{content}</Card>;
  return isInternalHref(card.href) ? (
    <Card {...common} component={Link} to={card.href}>
      {content}
    </Card>
  ) : (
    <Card {...common} component="a" href={card.href}>
      {content}
    </Card>
  );
}

/**
 * Home (member-portal §2.4): hero and cards, with every fallback of `resolveHome`. The
 * placeholders of incomplete cards are hints for those who edit branding (High Command, the
 * only ones Branding opens for); everyone else sees only complete cards (issue 21).
 */
export function HomePage() {
  const { config } = useAgency();
  const { isHighCommand } = useNavAccess();
  const home = resolveHome(config, builtInBadge, { showHints: isHighCommand });

  return (
    <Container size="lg" py="lg">
      <Box mb="xl">
        <HomeHero home={home} />
      </Box>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {home.cards.map((card, index) => (
          <HomeCard key={`${card.title}-${String(index)}`} card={card} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" ta="center" mt="xl">
        New here? Read <Anchor component={Link} to="/about" size="xs">about the portal</Anchor>.
      </Text>
    </Container>
  );
}
