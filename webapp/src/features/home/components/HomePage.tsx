import { Anchor, Box, Card, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAgency } from '@/agency/context';
import builtInBadge from '@/assets/badge.svg';
import { HomeHero } from '@/components/HomeHero';
import { isInternalHref, resolveHome, type HomeCardView } from '@/lib/home';

function HomeCard({ card }: { card: HomeCardView }) {
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

/** Home (member-portal §2.4): hero and cards, with every fallback of `resolveHome`. */
export function HomePage() {
  const { config } = useAgency();
  const home = resolveHome(config, builtInBadge);

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
